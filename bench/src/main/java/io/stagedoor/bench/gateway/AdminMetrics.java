package io.stagedoor.bench.gateway;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A counter of an ingress in another process, read from its admin listener's {@code /metrics} (Prometheus text):
 * the sum of every series of the counter, whatever its tags.
 */
final class AdminMetrics {

    /** Decisions a limiter's fallback took: while Redis is up, none may be. */
    static final String FALLBACKS = "stagedoor_admission_fallback_decisions_total";

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI metrics;

    AdminMetrics(String host, int adminPort) {
        this.metrics = URI.create("http://" + host + ":" + adminPort + "/metrics");
    }

    /** The counter's sum; 0 when the ingress has not registered it yet (nothing counted). */
    double sum(String counter) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(10))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + metrics + " answered " + response.statusCode());
        }
        double sum = 0;
        for (String line : response.body().split("\n")) {
            if (line.startsWith(counter + "{") || line.startsWith(counter + " ")) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        return sum;
    }
}
