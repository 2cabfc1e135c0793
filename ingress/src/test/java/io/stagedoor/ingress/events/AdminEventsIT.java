package io.stagedoor.ingress.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.ingress.IngressFixture;
import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An event defined through the admin route: a definition that gives no cap on the seats one buyer may hold and
 * buy takes the instance's setting ({@code ingress.max-seats-per-buyer}), one that gives a cap keeps its own.
 */
class AdminEventsIT {

    private static IngressFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start(settings -> settings.maxSeatsPerBuyer(3));
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void aDefinitionWithoutACapTakesTheSettingAndOneWithACapKeepsIt() throws Exception {
        String unsaid = TestNames.unique("cap-unsaid");
        String said = TestNames.unique("cap-said");

        HttpResponse<String> withoutCap = put(unsaid, "{" + definition(unsaid) + "}");
        HttpResponse<String> withCap = put(said, "{" + definition(said) + ",\"maxSeatsPerBuyer\":5}");

        assertThat(withoutCap.statusCode()).as(withoutCap.body()).isEqualTo(200);
        assertThat(summary(withoutCap).path("maxSeatsPerBuyer").asInt()).isEqualTo(3);
        assertThat(withCap.statusCode()).as(withCap.body()).isEqualTo(200);
        assertThat(summary(withCap).path("maxSeatsPerBuyer").asInt()).isEqualTo(5);
    }

    @Test
    void aDefinitionThatIsNotAnObjectIsStillABadRequest() throws Exception {
        HttpResponse<String> answer = put("not-an-object", "[1,2]");

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
    }

    private static String definition(String eventId) {
        return "\"eventId\":\"" + eventId + "\",\"name\":\"Cap\",\"organizerId\":\"org-cap\","
                + "\"onSaleAt\":\"2026-01-01T00:00:00Z\",\"seats\":[\"A-1\",\"A-2\"],\"priceCents\":100";
    }

    private static HttpResponse<String> put(String eventId, String body) throws Exception {
        return fixture.send(HttpRequest.newBuilder(fixture.adminUri("/v1/admin/events/" + eventId))
                .header(AuthenticationRing.ADMIN_KEY_HEADER, fixture.settings.auth().adminKey())
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static JsonNode summary(HttpResponse<String> answer) throws Exception {
        return Json.mapper().readTree(answer.body());
    }
}
