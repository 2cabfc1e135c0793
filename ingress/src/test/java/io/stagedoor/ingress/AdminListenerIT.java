package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.rings.AuthenticationRing;
import io.stagedoor.ingress.http.IngressMessages;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The admin routes, {@code /metrics}, the API document and the operator page answer on the admin listener alone,
 * and the buyers' routes on the public listener alone, however a caller spells the path or what it claims in its
 * headers.
 */
class AdminListenerIT {

    private static IngressFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/metrics", "/ops", "/openapi.yaml", "/v1/admin/events/" + IngressFixture.EVENT + "/waiting-room"})
    void adminRoutesAreNotFoundOnThePublicListenerAndServedOnTheAdminListener(String path) throws Exception {
        HttpResponse<String> outside = fixture.send(asOperator(fixture.uri(path)));
        HttpResponse<String> inside = fixture.send(asOperator(fixture.adminUri(path)));

        assertThat(outside.statusCode()).isEqualTo(404);
        assertThat(outside.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(outside.body()).contains(IngressMessages.framework(404));
        assertThat(inside.statusCode()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/metrics/", "//metrics", "/v1//admin/events/" + IngressFixture.EVENT + "/waiting-room",
            "/v1/admin/events/" + IngressFixture.EVENT + "/waiting-room/", "/v1/./admin/events/" + IngressFixture.EVENT
            + "/waiting-room", "/static/../metrics", "/%6Detrics"})
    void noSpellingOfAnAdminPathReachesItFromThePublicListener(String path) throws Exception {
        HttpResponse<String> outside = fixture.send(asOperator(URI.create(fixture.uri("/") + path.substring(1))));

        assertThat(outside.statusCode()).isIn(400, 404);
        assertThat(outside.body()).doesNotContain("stagedoor_", "entryRatePerSecond");
    }

    @Test
    void aHostHeaderNamingTheAdminPortDoesNotOpenTheAdminRoutes() throws Exception {
        HttpRequest.Builder spoofed = asOperator(fixture.uri("/metrics"))
                .header("X-Forwarded-Port", String.valueOf(fixture.ingress.adminPort()))
                .header("X-Forwarded-Host", "127.0.0.1:" + fixture.ingress.adminPort());

        assertThat(fixture.send(spoofed).statusCode()).isEqualTo(404);
    }

    @Test
    void healthAndTheEventListAnswerOnBothListeners() throws Exception {
        for (String path : new String[] {"/health/live", "/health/ready", "/v1/events"}) {
            assertThat(fixture.send(HttpRequest.newBuilder(fixture.uri(path))).statusCode()).as(path).isEqualTo(200);
            assertThat(fixture.send(HttpRequest.newBuilder(fixture.adminUri(path))).statusCode()).as(path).isEqualTo(200);
        }
    }

    @Test
    void buyersRoutesAreNotServedOnTheAdminListener() throws Exception {
        HttpResponse<String> hold = fixture.send(HttpRequest.newBuilder(fixture.adminUri(
                        "/v1/events/" + IngressFixture.EVENT + "/holds"))
                .header("Authorization", "Bearer " + fixture.token("admin-side"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"S-1\"]}")));

        assertThat(hold.statusCode()).isEqualTo(404);
        assertThat(fixture.postHold("public-side", "{\"seats\":[\"S-2\"]}").statusCode()).isEqualTo(202);
    }

    private static HttpRequest.Builder asOperator(URI uri) {
        return HttpRequest.newBuilder(uri).header(AuthenticationRing.ADMIN_KEY_HEADER,
                fixture.settings.auth().adminKey());
    }
}
