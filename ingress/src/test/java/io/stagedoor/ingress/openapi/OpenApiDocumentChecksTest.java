package io.stagedoor.ingress.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.api.Test;

/**
 * How {@link OpenApiDocument} routes an answer to its description and what it reports, on answers made up to the
 * point: OpenApiIT trusts it with real ones.
 */
class OpenApiDocumentChecksTest {

    private static final OpenApiDocument DOCUMENT = OpenApiDocument.served();
    private static final String PENDING = "{\"correlationId\":\"c-1\",\"status\":\"pending\"}";

    @Test
    void anAcceptedHoldWithItsHeadersFits() {
        assertThat(DOCUMENT.violations("POST", "/v1/events/concert/holds", answer(202, PENDING, Map.of(
                "Content-Type", "application/json", "Location", "/v1/results/c-1", "Retry-After", "1",
                "RateLimit", "\"buyer-seats\";r=9;t=6", "RateLimit-Policy", "\"buyer-seats\";q=10;w=60")))).isEmpty();
    }

    @Test
    void aMissingRequiredHeaderAndAHeaderOfTheWrongTypeAreReported() {
        assertThat(DOCUMENT.violations("POST", "/v1/events/concert/holds", answer(202, PENDING, Map.of(
                "Content-Type", "application/json", "Retry-After", "soon"))))
                .anySatisfy(v -> assertThat(v).contains("required header Location is missing"))
                .anySatisfy(v -> assertThat(v).contains("header Retry-After soon"));
    }

    @Test
    void mediaTypeParametersMatchInAnyOrderButAnotherTypeDoesNot() {
        assertThat(DOCUMENT.violations("GET", "/metrics", answer(200, "# nothing yet",
                Map.of("Content-Type", "text/plain;charset=utf-8;version=0.0.4")))).isEmpty();
        assertThat(DOCUMENT.violations("GET", "/metrics", answer(200, "{}", Map.of("Content-Type", "application/json"))))
                .singleElement().asString().contains("is not among");
    }

    @Test
    void aVariableSpansSegmentsOnlyWhereNoPathMatchesOneSegmentEach() {
        assertThat(DOCUMENT.template("/static/js/buyer/app.js")).contains("/static/{file}");
        assertThat(DOCUMENT.template("/v1/events/concert/queue/t-1")).contains("/v1/events/{eventId}/queue/{ticket}");
        assertThat(DOCUMENT.template("/v1/events/concert")).contains("/v1/events/{eventId}");
        assertThat(DOCUMENT.template("/v2/anything")).isEmpty();
    }

    @Test
    void anUndescribedStatusOrMethodOrPathIsReported() {
        assertThat(DOCUMENT.violations("GET", "/health/live", answer(418, "", Map.of())))
                .singleElement().asString().contains("not described");
        assertThat(DOCUMENT.violations("DELETE", "/health/live", answer(200, "", Map.of())))
                .singleElement().asString().contains("has no DELETE");
        assertThat(DOCUMENT.violations("GET", "/nowhere", answer(200, "", Map.of())))
                .singleElement().asString().contains("no path");
    }

    @Test
    void aBodyWhereNoneIsDescribedIsReported() {
        assertThat(DOCUMENT.violations("DELETE", "/v1/events/concert/queue", answer(204, "{}",
                Map.of("Content-Type", "application/json")))).singleElement().asString().contains("a body where none");
    }

    private static HttpResponse<String> answer(int status, String body, Map<String, String> headers) {
        HttpHeaders fields = HttpHeaders.of(headers.entrySet().stream().collect(java.util.stream.Collectors.toMap(
                Map.Entry::getKey, e -> List.of(e.getValue()))), (name, value) -> true);
        return new HttpResponse<>() {
            @Override
            public int statusCode() {
                return status;
            }

            @Override
            public HttpHeaders headers() {
                return fields;
            }

            @Override
            public String body() {
                return body;
            }

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
        };
    }
}
