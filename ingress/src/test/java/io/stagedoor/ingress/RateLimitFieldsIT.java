package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.rings.RateLimitHeaders;
import io.stagedoor.testsupport.TestNames;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.greenbytes.http.sfv.IntegerItem;
import org.greenbytes.http.sfv.ListElement;
import org.greenbytes.http.sfv.Parser;
import org.greenbytes.http.sfv.StringItem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The RateLimit fields of real answers, read by a third-party structured-field parser as a client would: a 202
 * and a 429, in the front stage and in Jersey, in the current draft (t: until one more unit; Retry-After never
 * earlier than t) and in draft-09 on an instance set to it.
 */
class RateLimitFieldsIT {

    private static final String HOLDS = "/v1/events/" + IngressFixture.EVENT + "/holds";
    private static final String JERSEY_ONLY_ACCEPT = "application/json, */*;q=0.1";
    private static IngressFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start(b -> b);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void everyAnswerParsesAndItsResetIsTheTimeToTheNextSeat() throws Exception {
        String buyer = TestNames.unique("reader");
        List<HttpResponse<String>> answers = new ArrayList<>();
        for (String accept : new String[] {null, JERSEY_ONLY_ACCEPT}) {
            for (int seat = 1; seat <= 6; seat++) {
                answers.add(hold(fixture.ingress, buyer, seat + (accept == null ? 0 : 6), accept));
            }
        }

        assertThat(answers).extracting(HttpResponse::statusCode).containsOnly(202, 429).contains(202, 429);
        // a refusal this instance remembers was counted by no bucket just then, so it carries no fields
        assertThat(answers).filteredOn(answer -> answer.statusCode() == 429)
                .anyMatch(answer -> answer.headers().firstValue(RateLimitHeaders.LIMIT).isPresent());
        for (HttpResponse<String> answer : answers) {
            if (answer.statusCode() == 429 && answer.headers().firstValue(RateLimitHeaders.LIMIT).isEmpty()) {
                continue;
            }
            Map<String, Long> limit = parameters(answer, RateLimitHeaders.LIMIT);
            Map<String, Long> policy = parameters(answer, RateLimitHeaders.POLICY);
            assertThat(policy).containsEntry("q", 10L).containsEntry("w", 60L);
            if (answer.statusCode() == 202) {
                assertThat(limit).as(answer.headers().toString()).containsEntry("t", 6L);
            } else {
                long retryAfter = Long.parseLong(answer.headers().firstValue("Retry-After").orElseThrow());
                assertThat(limit.get("t")).as("Retry-After never earlier than t").isLessThanOrEqualTo(retryAfter);
            }
        }
    }

    @Test
    void anInstanceSetToDraftNineSaysWhenTheBucketIsFullAgain() throws Exception {
        try (Ingress previous = fixture.secondInstance(b -> b.port(0).adminPort(0)
                .rateLimitFields("draft-09"))) {
            HttpResponse<String> accepted = hold(previous, TestNames.unique("older-client"), 1, null, "S-80");

            assertThat(accepted.statusCode()).isEqualTo(202);
            assertThat(parameters(accepted, RateLimitHeaders.LIMIT)).containsEntry("r", 9L).containsEntry("t", 6L);
            HttpResponse<String> two = hold(previous, TestNames.unique("older-client"), 2, null, "S-90", "S-91");
            assertThat(parameters(two, RateLimitHeaders.LIMIT)).containsEntry("r", 8L).containsEntry("t", 12L);
        }
    }

    private static HttpResponse<String> hold(Ingress instance, String buyer, int index, String accept,
                                             String... seats) throws Exception {
        String[] asked = seats.length == 0 ? new String[] {"S-" + (100 + index), "S-" + (200 + index)} : seats;
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + instance.port() + HOLDS))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"" + String.join("\",\"", asked) + "\"]}"));
        if (accept != null) {
            request.header("Accept", accept);
        }
        return fixture.send(request);
    }

    /** The one list member of {@code field}, named as a string, with its integer parameters. */
    private static Map<String, Long> parameters(HttpResponse<String> answer, String field) {
        String value = answer.headers().firstValue(field).orElseThrow(() -> new AssertionError(field + " missing"));
        List<ListElement<?>> members = new Parser(value).parseList().get();
        assertThat(members).hasSize(1);
        assertThat(members.get(0)).isInstanceOf(StringItem.class);
        Map<String, Long> parameters = new java.util.HashMap<>();
        members.get(0).getParams().forEach((name, item) -> parameters.put(name, ((IntegerItem) item).get()));
        return parameters;
    }
}
