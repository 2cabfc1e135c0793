package io.stagedoor.harness.scrape;

import io.stagedoor.harness.HarnessMessages;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The {@code /metrics} page of an ingress's admin listener, read over HTTP on each {@link #read()}: no key is needed,
 * the admin listener serves it to whoever reaches it (loopback by default). Thread-safe.
 */
public final class MetricsPage {

    /** The longest one read may take. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI uri;

    /** The page of the admin listener on {@code host:adminPort}. */
    public MetricsPage(String host, int adminPort) {
        this.uri = URI.create("http://" + host + ":" + adminPort + "/metrics");
    }

    public URI uri() {
        return uri;
    }

    /** The page as it is now; throws when the listener does not answer 200. */
    public Scrape read() throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(HarnessMessages.metricsAnswered(uri, response.statusCode()));
        }
        return Scrape.parse(response.body());
    }
}
