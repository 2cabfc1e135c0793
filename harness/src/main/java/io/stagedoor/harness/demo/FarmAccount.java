package io.stagedoor.harness.demo;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.admission.puzzle.PuzzleWork;
import io.stagedoor.client.Accepted;
import io.stagedoor.client.Decided;
import io.stagedoor.client.PassIssued;
import io.stagedoor.client.QueueAnswer;
import io.stagedoor.client.RequestOptions;
import io.stagedoor.client.ResultStatus;
import io.stagedoor.client.StagedoorClient;
import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.topics.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One account of the fans-before-bots demo, a fan's or the farm's, always from its own address: registers for the
 * presale, reads its standing, solves its join puzzle, joins with its code and the solution, waits for its pass and
 * holds seats. Blocking, for a virtual thread.
 */
final class FarmAccount {

    /** Times a registration is sent when told to try again. */
    private static final int REGISTER_TRIES = 4;

    private final String buyerId;
    private final String token;
    private final HttpClient way;
    private final StagedoorClient client;
    private final URI base;

    /** @param way the account's way out: its own address in {@code X-Forwarded-For} ({@link OfficeNetwork}) */
    FarmAccount(String buyerId, String token, OfficeNetwork way, URI base) {
        this.buyerId = buyerId;
        this.token = token;
        this.way = way;
        this.base = base;
        this.client = StagedoorClient.builder().baseUri(base).httpClient(way).build();
    }

    String buyerId() {
        return buyerId;
    }

    /** What joining cost and came to. */
    record Joined(Optional<String> pass, long hashes, long solveNanos) {
    }

    /**
     * Registers for the presale: whether the service took the registration. An answer that says to try again (a
     * 429 or 503: the topic or the book did not answer in time, or this instance shed it) is tried again, a few
     * times, after its {@code Retry-After}.
     */
    boolean register() throws IOException, InterruptedException {
        for (int attempt = 0; attempt < REGISTER_TRIES; attempt++) {
            HttpResponse<String> answer = send("POST", "/v1/events/" + FarmEvent.EVENT_ID + "/presale/registration");
            if (answer.statusCode() == 201 || answer.statusCode() == 200) {
                return true;
            }
            if (answer.statusCode() != 429 && answer.statusCode() != 503) {
                return false;
            }
            Thread.sleep(Duration.ofSeconds(answer.headers().firstValueAsLong("Retry-After").orElse(1)));
        }
        return false;
    }

    /** The account's presale standing: its status and, while it holds one, its code. */
    JsonNode standing() throws IOException, InterruptedException {
        return json("presale standing", send("GET", "/v1/events/" + FarmEvent.EVENT_ID + "/presale"));
    }

    /** Solves a join puzzle, joins with {@code code} and waits for the pass up to {@code patience}. */
    Joined join(String code, Duration patience) throws IOException, InterruptedException {
        JsonNode puzzle = json("join puzzle", send("GET", "/v1/events/" + FarmEvent.EVENT_ID + "/queue/puzzle"));
        String challenge = puzzle.get("challenge").asText();
        long started = System.nanoTime();
        String counter = PuzzleWork.solve(challenge, puzzle.get("difficulty").asInt());
        long solveNanos = System.nanoTime() - started;
        QueueAnswer answer = client.awaitPass(token, FarmEvent.EVENT_ID, patience,
                Map.of("Presale-Code", code, "Puzzle-Solution", challenge + ":" + counter)).join();
        Optional<String> pass = answer instanceof PassIssued issued ? Optional.of(issued.pass()) : Optional.empty();
        return new Joined(pass, Long.parseLong(counter) + 1, solveNanos);
    }

    /** Holds {@code seats} with {@code pass}: the seats held, 0 when refused or taken. */
    int hold(String pass, List<String> seats, Duration resultWait) {
        if (!(client.hold(token, FarmEvent.EVENT_ID, seats, RequestOptions.none().withWaitingRoomPass(pass)).join()
                instanceof Accepted accepted)) {
            return 0;
        }
        return client.awaitResult(token, accepted.correlationId(), resultWait).join() instanceof Decided decided
                && decided.result().status() == ResultStatus.HELD ? decided.result().seats().size() : 0;
    }

    private HttpResponse<String> send(String method, String path) throws IOException, InterruptedException {
        return way.send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token).header("Accept", "application/json")
                .method(method, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(String step, HttpResponse<String> answer) throws IOException {
        if (answer.statusCode() != 200) {
            throw new IOException(HarnessMessages.farmStepFailed(step, answer.statusCode(), answer.body()));
        }
        return Json.mapper().readTree(answer.body());
    }
}
