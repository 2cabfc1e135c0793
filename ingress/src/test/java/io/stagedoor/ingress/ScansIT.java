package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.auth.ApiKeys;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Scans at the gate, against tickets the inventory recorded as sold on the seat-changes topic. */
class ScansIT {

    private static IngressFixture fixture;
    private static String gateKey;
    private static String otherOrganizersKey;

    @BeforeAll
    static void start() throws Exception {
        Path keys = Files.createTempDirectory("keys").resolve("api-keys.json");
        ApiKeys store = ApiKeys.load(keys);
        gateKey = store.create("gate-1", IngressFixture.ORGANIZER);
        otherOrganizersKey = store.create("gate-9", "org-other");
        fixture = IngressFixture.start(b -> b.apiKeysFile(keys));
        SeatChange sold = new SeatChange(IngressFixture.EVENT, List.of("S-7", "S-8"), SeatStatus.SOLD, "hold_x", "sold",
                Instant.now(), List.of("tkt_one", "tkt_two"));
        try (Publisher publisher = new Publisher(RealServers.kafkaBootstrap(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
            publisher.publish(fixture.topics.seatChanges(), IngressFixture.EVENT, "sale", sold).get(10, TimeUnit.SECONDS);
        }
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> scan(gateKey, "tkt_two").statusCode() == 200);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void theFirstScanAdmitsAndTheSecondSaysAlreadyScanned() throws Exception {
        HttpResponse<String> first = scan(gateKey, "tkt_one");
        HttpResponse<String> second = scan(gateKey, "tkt_one");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).contains("\"status\":\"admitted\"").contains("\"seatId\":\"S-7\"");
        assertThat(first.headers().firstValue("X-RateLimit-Remaining")).isPresent();
        assertThat(second.statusCode()).isEqualTo(409);
        assertThat(second.body()).contains("already-scanned");
    }

    @Test
    void unknownTicketsAndOtherOrganizersTicketsAreNotFound() throws Exception {
        assertThat(scan(gateKey, "tkt_nope").statusCode()).isEqualTo(404);
        assertThat(scan(otherOrganizersKey, "tkt_two").statusCode()).isEqualTo(404);
    }

    @Test
    void aMissingOrWrongKeyIs401() throws Exception {
        assertThat(scan(null, "tkt_one").statusCode()).isEqualTo(401);
        HttpResponse<String> forged = scan(gateKey.substring(0, gateKey.length() - 2) + "xx", "tkt_one");
        assertThat(forged.statusCode()).isEqualTo(401);
        assertThat(forged.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(v -> assertThat(v).startsWith("ApiKey"));
    }

    private static HttpResponse<String> scan(String key, String ticket) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(fixture.uri("/v1/scans"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"ticket\":\"" + ticket + "\"}"));
        if (key != null) {
            request.header("X-Api-Key", key);
        }
        return fixture.send(request);
    }
}
