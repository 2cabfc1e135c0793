package io.stagedoor.harness.demo;

import io.stagedoor.client.RetryAfter;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Doors open: scanner phones share the gate's API key and scan the tickets sold, each phone its own share of the
 * line, and some tickets a second time (a ticket passed back over the barrier), which the service must refuse. A
 * phone waits out every {@code Retry-After} it is given; the key's limit paces the gate.
 */
final class Gate {

    /** Attempts per scan before a phone gives up on a refusing service. */
    static final int ATTEMPTS = 8;

    private final HttpClient http;
    private final URI scans;
    private final String apiKey;
    private final CrowdTally tally;

    Gate(HttpClient http, URI base, String apiKey, CrowdTally tally) {
        this.http = http;
        this.scans = base.resolve("/v1/scans");
        this.apiKey = apiKey;
        this.tally = tally;
    }

    /** Scans {@code tickets} on {@code phones} phones, the first {@code rescans} of each phone's share twice. */
    void run(List<String> tickets, int phones, double rescanShare) {
        try (ExecutorService gate = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int phone = 0; phone < phones; phone++) {
                List<String> line = new ArrayList<>();
                for (int i = phone; i < tickets.size(); i += phones) {
                    line.add(tickets.get(i));
                }
                int rescans = (int) Math.round(line.size() * rescanShare);
                line.addAll(List.copyOf(line.subList(0, rescans)));
                gate.submit(() -> line.forEach(this::scan));
            }
        }
    }

    private void scan(String ticket) {
        HttpRequest request = HttpRequest.newBuilder(scans)
                .header("X-Api-Key", apiKey)
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString("{\"ticket\":\"" + ticket + "\"}"))
                .build();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            HttpResponse<Void> response;
            tally.requests.incrementAndGet();
            try {
                response = http.send(request, HttpResponse.BodyHandlers.discarding());
            } catch (IOException e) {
                tally.unanswered.incrementAndGet();
                continue;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            switch (response.statusCode()) {
                case 200 -> tally.scansAdmitted.incrementAndGet();
                case 409 -> tally.scansRepeated.incrementAndGet();
                case 404 -> tally.scansUnknown.incrementAndGet();
                case 429, 503 -> {
                    tally.scanRefused(response.statusCode());
                    waitOut(response);
                    continue;
                }
                default -> tally.requestsRefused.incrementAndGet();
            }
            return;
        }
    }

    /** Pacing, not waiting for async work: the phone does what the service asked. */
    private static void waitOut(HttpResponse<?> response) {
        Duration wait = RetryAfter.parse(response.headers().firstValue("Retry-After").orElse(null), Instant.now())
                .orElse(Duration.ofSeconds(1));
        try {
            Thread.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
