package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.openapi.OpenApiDocument;
import io.stagedoor.topics.json.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import javax.net.ssl.SSLSession;

/**
 * Real answers held to the OpenAPI document as a test receives them, and what they covered: each route with the
 * statuses it answered, and each problem type met, so a test can prove it asked everything the document describes.
 */
final class DocumentedAnswers {

    private final OpenApiDocument document;
    private final Set<String> asked = ConcurrentHashMap.newKeySet();
    private final Set<ProblemType> met = ConcurrentHashMap.newKeySet();

    DocumentedAnswers(OpenApiDocument document) {
        this.document = document;
    }

    /** Fails unless {@code answer} to {@code method path} fits the document; records what it covered. */
    <T extends HttpResponse<String>> T check(String method, String path, T answer) {
        assertThat(document.violations(method, path, answer)).as(method + " " + path + " → " + answer.body()).isEmpty();
        asked.add(method + " " + document.template(path).orElseThrow() + " " + answer.statusCode());
        if (answer.headers().firstValue("Content-Type").filter(type -> type.startsWith(Problem.MEDIA_TYPE)).isPresent()) {
            String type = readTree(answer.body()).get("type").asText();
            Arrays.stream(ProblemType.values()).filter(known -> known.uri().toString().equals(type)).forEach(met::add);
        }
        return answer;
    }

    /** The same, for an answer read off a raw socket. */
    SlowBody.Answer check(String method, String path, SlowBody.Answer answer) {
        HttpHeaders headers = HttpHeaders.of(answer.headers().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> List.of(e.getValue()))), (name, value) -> true);
        check(method, path, new Raw(answer.status(), headers, answer.body()));
        return answer;
    }

    /** Records a problem type met by an answer no route of the document describes (405 on a path's other method). */
    void meet(ProblemType type) {
        met.add(type);
    }

    /** Every {@code "METHOD /template status"} checked so far. */
    Set<String> asked() {
        return Set.copyOf(asked);
    }

    /** Every {@code "METHOD /template"} checked so far. */
    Set<String> routesAsked() {
        return asked.stream().map(one -> one.substring(0, one.lastIndexOf(' ')))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Every problem type met so far. */
    Set<ProblemType> met() {
        return Set.copyOf(met);
    }

    /** Asks until the answer has {@code status}, at most {@code tries} times; fails if it never does. */
    static HttpResponse<String> untilStatus(int status, Asking ask, int tries) throws Exception {
        HttpResponse<String> last = null;
        for (int i = 0; i < tries; i++) {
            last = ask.send();
            if (last.statusCode() == status) {
                return last;
            }
        }
        throw new AssertionError("no " + status + " in " + tries + " tries; the last was " + last.statusCode() + " "
                + last.body());
    }

    /**
     * Asks until the answer has {@code status}, every 100 ms for at most {@code within}: for what arrives from a topic,
     * where asking at once again would only spend the caller's tokens.
     */
    static HttpResponse<String> untilStatusWithin(int status, Asking ask, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        HttpResponse<String> last = ask.send();
        while (last.statusCode() != status && System.nanoTime() < deadline) {
            Thread.sleep(100); // what is awaited arrives from a topic; nothing here to wait on
            last = ask.send();
        }
        if (last.statusCode() != status) {
            throw new AssertionError("no " + status + " within " + within + "; the last was " + last.statusCode() + " "
                    + last.body());
        }
        return last;
    }

    /** Asks until the body contains {@code text}, at most {@code tries} times 100 ms apart; fails if it never does. */
    static HttpResponse<String> untilBody(String text, Asking ask, int tries) throws Exception {
        HttpResponse<String> last = null;
        for (int i = 0; i < tries; i++) {
            last = ask.send();
            if (last.body().contains(text)) {
                return last;
            }
            Thread.sleep(100); // the room's entry rate: a few positions a tick
        }
        throw new AssertionError("no " + text + " in " + tries + " tries; the last was " + last.body());
    }

    /** One request, sent again by {@link #untilStatus} and {@link #untilBody}. */
    @FunctionalInterface
    interface Asking {
        HttpResponse<String> send() throws Exception;
    }

    private static JsonNode readTree(String body) {
        try {
            return Json.mapper().readTree(body);
        } catch (Exception e) {
            throw new AssertionError(body, e);
        }
    }

    /** An answer read off a raw socket, as the document's check reads any other. */
    private record Raw(int statusCode, HttpHeaders headers, String body) implements HttpResponse<String> {
        @Override
        public HttpRequest request() {
            return null;
        }

        @Override
        public Optional<HttpResponse<String>> previousResponse() {
            return Optional.empty();
        }

        @Override
        public Optional<SSLSession> sslSession() {
            return Optional.empty();
        }

        @Override
        public URI uri() {
            return null;
        }

        @Override
        public HttpClient.Version version() {
            return HttpClient.Version.HTTP_1_1;
        }
    }
}
