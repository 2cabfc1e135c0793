package io.stagedoor.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.topics.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stagedoor queue rate|pause|resume|status EVENT}: steers an event's waiting room through a running ingress's
 * operator routes ({@code PUT/GET /v1/admin/events/{eventId}/waiting-room}). The change reaches every instance, since
 * they share the room. Prints the room as the ingress answers; exits 1 when it refused, 2 when unreachable.
 */
@Command(name = "queue", mixinStandardHelpOptions = true, description = "Steer an event's waiting room.",
        subcommands = {QueueCommand.Rate.class, QueueCommand.Pause.class, QueueCommand.Resume.class,
                QueueCommand.Status.class})
final class QueueCommand {

    /** Where the ingress is and how to prove to be an operator. */
    static final class Target {
        @Option(names = "--url", defaultValue = "http://127.0.0.1:8081",
                description = "The ingress's admin listener (default ${DEFAULT-VALUE}).")
        URI url;

        @Option(names = "--admin-key", defaultValue = "${env:STAGEDOOR_INGRESS_ADMIN_KEY:-dev-admin-key}",
                description = "The operator key (env STAGEDOOR_INGRESS_ADMIN_KEY; default the development key).")
        String adminKey;

        int send(String method, String eventId, String body) {
            String path = "/v1/admin/events/" + URLEncoder.encode(eventId, StandardCharsets.UTF_8).replace("+", "%20")
                    + "/waiting-room";
            HttpRequest request = HttpRequest.newBuilder(url.resolve(path))
                    .header("X-Admin-Key", adminKey)
                    .header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(10))
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                    .build();
            try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                return print(response);
            } catch (IOException e) {
                System.err.println("cannot reach " + url + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
                return 2;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return 2;
            }
        }

        private static int print(HttpResponse<String> response) {
            JsonNode body;
            try {
                body = Json.mapper().readTree(response.body());
            } catch (IOException | RuntimeException notJson) {
                body = null;
            }
            if (response.statusCode() / 100 != 2) {
                String detail = body != null && body.has("detail") ? body.get("detail").asText() : response.body();
                System.err.println(response.statusCode() + ": " + detail);
                return 1;
            }
            System.out.println(body == null ? response.body() : body.toPrettyString());
            return 0;
        }
    }

    @Command(name = "rate", mixinStandardHelpOptions = true, description = "Set the entry rate, buyers per second.")
    static final class Rate implements Callable<Integer> {
        @Mixin
        Target target;

        @Parameters(index = "0", description = "The event id.")
        String eventId;

        @Parameters(index = "1", description = "Buyers per second (positive; fractions allowed).")
        double perSecond;

        @Override
        public Integer call() {
            if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
                System.err.println("the rate must be a positive number of buyers per second, was " + perSecond);
                return 2;
            }
            return target.send("PUT", eventId, "{\"entryRatePerSecond\":" + perSecond + "}");
        }
    }

    @Command(name = "pause", mixinStandardHelpOptions = true, description = "Stop admitting; buyers keep their places.")
    static final class Pause implements Callable<Integer> {
        @Mixin
        Target target;

        @Parameters(index = "0", description = "The event id.")
        String eventId;

        @Override
        public Integer call() {
            return target.send("PUT", eventId, "{\"paused\":true}");
        }
    }

    @Command(name = "resume", mixinStandardHelpOptions = true, description = "Admit again at the rate set.")
    static final class Resume implements Callable<Integer> {
        @Mixin
        Target target;

        @Parameters(index = "0", description = "The event id.")
        String eventId;

        @Override
        public Integer call() {
            return target.send("PUT", eventId, "{\"paused\":false}");
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Queue length, admitted per second, estimated versus actual waits.")
    static final class Status implements Callable<Integer> {
        @Mixin
        Target target;

        @Parameters(index = "0", description = "The event id.")
        String eventId;

        @Override
        public Integer call() {
            return target.send("GET", eventId, null);
        }
    }
}
