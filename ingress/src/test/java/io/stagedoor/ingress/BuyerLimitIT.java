package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.AdmissionRecord;
import io.stagedoor.topics.json.Json;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** The buyer limit across two ingress instances sharing one real Redis, as behind one load balancer. */
class BuyerLimitIT {

    private static IngressFixture fixture;
    private static Ingress second;

    @BeforeAll
    static void start() throws Exception {
        // 32 requests of one buyer at once on each instance: this class is about the bucket, not the in-flight share
        fixture = IngressFixture.start(b -> b.maxInFlightPerPrincipal(64));
        second = fixture.secondInstance();
    }

    @AfterAll
    static void stop() {
        second.close();
        fixture.close();
    }

    // Pins down the race where both instances decide on the buyer's last tokens in the same millisecond: the
    // bucket's check-and-take is one Redis script, so the two can never both take the last token.
    @RepeatedTest(3)
    void sixtyFourConcurrentHoldsByOneBuyerThroughTwoInstancesAdmitExactlyTen() throws Exception {
        String buyer = TestNames.unique("buyer");
        CountDownLatch go = new CountDownLatch(1);
        List<Future<HttpResponse<String>>> calls = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 64; i++) {
                Ingress instance = i % 2 == 0 ? fixture.ingress : second;
                HttpRequest request = holdRequest(instance, buyer, "S-" + (i % IngressFixture.SEATS + 1));
                calls.add(threads.submit(() -> {
                    go.await();
                    return fixture.http.send(request, HttpResponse.BodyHandlers.ofString());
                }));
            }
            go.countDown();
        }
        List<HttpResponse<String>> accepted = new ArrayList<>();
        List<HttpResponse<String>> refused = new ArrayList<>();
        for (Future<HttpResponse<String>> call : calls) {
            HttpResponse<String> response = call.get();
            (response.statusCode() == 202 ? accepted : refused).add(response);
        }

        assertThat(accepted).hasSize(10);
        assertThat(refused).hasSize(54).allSatisfy(response -> {
            assertThat(response.statusCode()).isEqualTo(429);
            long retryAfter = Long.parseLong(response.headers().firstValue("Retry-After").orElseThrow());
            assertThat(retryAfter).isBetween(1L, 6L);
            assertThat(response.body()).contains("rate-limited").contains("\"policy\":\"buyer-seats\"");
        });
    }

    @Test
    void anUnauthenticatedHoldIs401BeforeAnyLimiterCall() throws Exception {
        double before = decisions();
        HttpResponse<String> response = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events/concert/holds"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"S-1\"]}")));
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(decisions()).isEqualTo(before);
    }

    @Test
    void aHoldRefusedByTheBuyerLimitIsNeverPublished() throws Exception {
        String buyer = TestNames.unique("eager");
        for (int i = 0; i < 10; i++) {
            assertThat(fixture.postHold(buyer, "{\"seats\":[\"S-" + (200 + i) + "\"]}").statusCode()).isEqualTo(202);
        }
        double accepted = fixture.ingress.registry().get("stagedoor.ingress.accepted").tag("route", "holds").counter().count();

        HttpResponse<String> refused = fixture.postHold(buyer, "{\"seats\":[\"S-250\"]}");

        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).contains("6");
        assertThat(fixture.ingress.registry().get("stagedoor.ingress.accepted").tag("route", "holds").counter().count())
                .isEqualTo(accepted);
    }

    // A buyer who ignores Retry-After is refused once by Redis, then by the refusal cache: the audit gets one
    // record per key and second for those, carrying their number, and the counts add up to every 429 exactly.
    @Test
    void everyRefusalOfABuyerWhoIgnoresRetryAfterIsAuditedExactlyOnce() throws Exception {
        String buyer = TestNames.unique("ignores-retry-after");
        for (int i = 0; i < 10; i++) {
            assertThat(fixture.postHold(buyer, "{\"seats\":[\"S-" + (100 + i) + "\"]}").statusCode()).isEqualTo(202);
        }
        int refusals = 0;
        for (int i = 0; i < 40; i++) {
            refusals += fixture.postHold(buyer, "{\"seats\":[\"S-150\"]}").statusCode() == 429 ? 1 : 0;
        }
        assertThat(refusals).isEqualTo(40);

        List<AdmissionRecord> audited = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = IngressFixture.consumer("buyer-limit-audit")) {
            consumer.subscribe(List.of(fixture.topics.admissions()));
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(record -> {
                    AdmissionRecord admission = Json.read(record.value(), AdmissionRecord.class);
                    if (admission.key().equals(buyer)) {
                        audited.add(admission);
                    }
                });
                return count(audited, AdmissionRecord.REFUSED) >= 40;
            });
        }
        assertThat(count(audited, AdmissionRecord.REFUSED)).isEqualTo(40);
        assertThat(count(audited, AdmissionRecord.ADMITTED)).isEqualTo(10);
        assertThat(audited).filteredOn(record -> record.source().equals("refusal_cache"))
                .hasSizeLessThan(39).allSatisfy(record -> assertThat(record.limit()).isEqualTo("buyer-seats"));
    }

    private static long count(List<AdmissionRecord> records, String outcome) {
        return records.stream().filter(record -> record.outcome().equals(outcome))
                .mapToLong(AdmissionRecord::count).sum();
    }

    private static double decisions() {
        return fixture.ingress.registry().getMeters().stream()
                .filter(meter -> meter.getId().getName().startsWith("stagedoor.admission.decisions"))
                .mapToDouble(meter -> meter.measure().iterator().next().getValue())
                .sum();
    }

    private static HttpRequest holdRequest(Ingress instance, String buyer, String seat) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + instance.port() + "/v1/events/"
                        + IngressFixture.EVENT + "/holds"))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"" + seat + "\"]}"))
                .build();
    }
}
