package io.stagedoor.harness.chaos;

import io.stagedoor.ingress.http.ProblemType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sends bad requests from {@link BadInputs} to both ingress instances, {@link #CONCURRENCY} at a time, and judges
 * every answer: it must be a 4xx with an {@code application/problem+json} body, or a shed: a 503
 * {@code service-overloaded} problem with {@code Retry-After}, the answer a saturated instance gives any request,
 * bad or good (decision 0002), counted apart. Counts answers by status and keeps the first few that broke the rule.
 */
final class BadInputVolley {

    static final int CONCURRENCY = 16;
    private static final int KEEP = 10;

    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong serverErrors = new AtomicLong();
    private final AtomicLong shed = new AtomicLong();
    private final AtomicLong withoutProblem = new AtomicLong();
    private final AtomicLong unanswered = new AtomicLong();
    private final Map<Integer, AtomicLong> statuses = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> kinds = new ConcurrentHashMap<>();
    private final Queue<String> wrong = new ConcurrentLinkedQueue<>();

    /** Sends {@code count} requests from {@code inputs}, alternating between {@code targets}; returns when all answered. */
    static BadInputVolley fire(BadInputs inputs, List<URI> targets, int count) {
        BadInputVolley volley = new BadInputVolley();
        Semaphore slots = new Semaphore(CONCURRENCY);
        try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
             ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                BadRequest request;
                synchronized (inputs) {
                    request = inputs.next();
                }
                URI target = targets.get(i % targets.size());
                slots.acquireUninterruptibly();
                threads.submit(() -> {
                    try {
                        volley.send(http, target, request);
                    } finally {
                        slots.release();
                    }
                });
            }
        }
        return volley;
    }

    private void send(HttpClient http, URI target, BadRequest bad) {
        sent.incrementAndGet();
        kinds.computeIfAbsent(bad.kind(), k -> new AtomicLong()).incrementAndGet();
        HttpRequest.Builder builder;
        try {
            builder = HttpRequest.newBuilder(URI.create(target + bad.path())).timeout(Duration.ofSeconds(15))
                    .method(bad.method(), bad.body().length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(bad.body()));
            bad.headers().forEach(builder::header);
        } catch (IllegalArgumentException unsendable) {
            // The JDK client refuses to send it (an illegal header value): nothing reached the service.
            sent.decrementAndGet();
            return;
        }
        try {
            HttpResponse<byte[]> response = http.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
            int status = response.statusCode();
            statuses.computeIfAbsent(status, s -> new AtomicLong()).incrementAndGet();
            String type = response.headers().firstValue("Content-Type").orElse("");
            if (isShed(status, response)) {
                shed.incrementAndGet();
            } else if (status >= 500) {
                serverErrors.incrementAndGet();
                keep(bad, status, type + " " + problemType(response.body()));
            } else if (!type.startsWith("application/problem+json")) {
                withoutProblem.incrementAndGet();
                keep(bad, status, type);
            }
        } catch (java.io.IOException e) {
            unanswered.incrementAndGet();
            keep(bad, -1, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean isShed(int status, HttpResponse<byte[]> response) {
        return status == 503 && response.headers().firstValue("Retry-After").isPresent()
                && problemType(response.body()).equals(ProblemType.SERVICE_OVERLOADED.uri().toString());
    }

    /** The {@code type} member of a problem body, so a 5xx says which failure it was. */
    private static String problemType(byte[] body) {
        String text = new String(body, java.nio.charset.StandardCharsets.UTF_8);
        java.util.regex.Matcher type = java.util.regex.Pattern.compile("\"type\"\\s*:\\s*\"([^\"]*)\"").matcher(text);
        return type.find() ? type.group(1) : "(no problem type)";
    }

    private void keep(BadRequest bad, int status, String what) {
        if (wrong.size() < KEEP) {
            String path = bad.path().length() > 80 ? bad.path().substring(0, 80) + "…" : bad.path();
            wrong.add(status + " " + what + " for " + bad.kind() + " " + bad.method() + " " + path);
        }
    }

    long sent() {
        return sent.get();
    }

    /** Answers with a 5xx status, sheds apart. */
    long serverErrors() {
        return serverErrors.get();
    }

    /** 503 {@code service-overloaded} answers with {@code Retry-After}: the instance was full, not the input wrong. */
    long shed() {
        return shed.get();
    }

    /** Answers below 500 that carried no problem body (a 2xx included: a bad request must never be taken). */
    long withoutProblem() {
        return withoutProblem.get();
    }

    /** Requests the service never answered (connection reset or timed out). */
    long unanswered() {
        return unanswered.get();
    }

    Map<Integer, Long> statuses() {
        Map<Integer, Long> copy = new TreeMap<>();
        statuses.forEach((status, count) -> copy.put(status, count.get()));
        return copy;
    }

    Map<String, Long> kinds() {
        Map<String, Long> copy = new TreeMap<>();
        kinds.forEach((kind, count) -> copy.put(kind, count.get()));
        return copy;
    }

    List<String> wrong() {
        return List.copyOf(wrong);
    }
}
