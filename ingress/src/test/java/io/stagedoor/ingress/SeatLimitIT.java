package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.limit.WhenUnavailable;
import io.stagedoor.testsupport.TestNames;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The buyer's limit counts seats, not requests: a script that puts 8 seats in each hold gets the seats the limit
 * allows, not 8 times as many. The bucket here is the default's 10 seats, refilled faster (one seat per 250 ms) so a
 * test can wait out a Retry-After; holds may carry 12 seats, so a hold larger than the bucket reaches the limit.
 */
class SeatLimitIT {

    private static final LimitPolicy SEATS = LimitPolicy.of("buyer-seats", 10, 1, Duration.ofMillis(250),
            WhenUnavailable.FAIL_OPEN);

    private static IngressFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start(settings -> settings.maxSeatsPerHold(12).limits(Limits.defaults().with(SEATS)));
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void anEightSeatHoldAfterAnotherIsRefusedUntilItsSeatsExistAndThenAdmitted() throws Exception {
        String buyer = TestNames.unique("eight-seats");
        assertThat(fixture.postHold(buyer, seats(1, 8)).statusCode()).isEqualTo(202);

        HttpResponse<String> refused = fixture.postHold(buyer, seats(11, 8));

        // 2 seats are left; 6 more take 6 x 250 ms = 1.5 s, which Retry-After rounds up to whole seconds
        assertThat(refused.statusCode()).isEqualTo(429);
        long retryAfter = Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow());
        assertThat(retryAfter).isEqualTo(2);
        assertThat(refused.body()).contains("\"policy\":\"buyer-seats\"");
        // Waiting what it was told is the behaviour under test, not a wait for async work.
        Thread.sleep(Duration.ofSeconds(retryAfter));
        assertThat(fixture.postHold(buyer, seats(11, 8)).statusCode()).isEqualTo(202);
    }

    @Test
    void twoSeatsStillPassAfterAnEightSeatHoldAndTheRemainingCountIsInSeats() throws Exception {
        String buyer = TestNames.unique("two-more");
        HttpResponse<String> eight = fixture.postHold(buyer, seats(31, 8));
        assertThat(eight.headers().firstValue("RateLimit").orElseThrow()).startsWith("\"buyer-seats\";r=2;");

        HttpResponse<String> two = fixture.postHold(buyer, seats(41, 2));

        assertThat(two.statusCode()).isEqualTo(202);
        assertThat(two.headers().firstValue("X-RateLimit-Remaining")).contains("0");
    }

    @Test
    void aHoldOfMoreSeatsThanTheBucketEverHoldsIs422AndTakesNothing() throws Exception {
        String buyer = TestNames.unique("eleven-seats");

        HttpResponse<String> eleven = fixture.postHold(buyer, seats(51, 11));

        assertThat(eleven.statusCode()).isEqualTo(422);
        assertThat(eleven.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(eleven.body()).contains("never holds more than 10");
        assertThat(fixture.postHold(buyer, seats(71, 10)).statusCode()).isEqualTo(202);
    }

    // Validation comes before the charge: a script sending holds the inventory could never grant spends nothing.
    @Test
    void aHoldWithUnknownSeatsIs422AndTakesNoSeatsFromTheBucket() throws Exception {
        String buyer = TestNames.unique("unknown-seats");
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> bad = fixture.postHold(buyer, "{\"seats\":[\"S-1\",\"NOPE-" + i + "\"]}");
            assertThat(bad.statusCode()).isEqualTo(422);
        }

        assertThat(fixture.postHold(buyer, seats(91, 10)).statusCode()).isEqualTo(202);
    }

    // A checkout of a hold this instance has not seen waits up to 2 s for it (another instance may have reported it a
    // moment ago). That wait holds a request of the door, so it is paid for: each probe of a made-up hold id takes a
    // checkout token before it waits, and a prober runs out after the bucket's 5, answered 429 at once.
    @Test
    void checkoutsOfHoldsThatDoNotExistAre404AndEachCostsACheckoutToken() throws Exception {
        String buyer = TestNames.unique("checkouts");
        List<Future<HttpResponse<String>>> calls = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 8; i++) {
                String holdId = "hold_missing-" + i;
                calls.add(threads.submit(() -> checkout(buyer, holdId)));
            }
        }

        List<Integer> statuses = new ArrayList<>();
        for (Future<HttpResponse<String>> call : calls) {
            statuses.add(call.get().statusCode());
        }
        assertThat(statuses).filteredOn(status -> status == 404).hasSize(5);
        assertThat(statuses).filteredOn(status -> status == 429).hasSize(3);
    }

    private static HttpResponse<String> checkout(String buyer, String holdId) throws Exception {
        return fixture.http.send(HttpRequest.newBuilder(fixture.uri("/v1/holds/" + holdId + "/checkout"))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"paymentToken\":\"tok_ok\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A hold body of {@code count} seats from {@code S-first} on. */
    private static String seats(int first, int count) {
        return IntStream.range(first, first + count).mapToObj(i -> "\"S-" + i + "\"")
                .collect(Collectors.joining(",", "{\"seats\":[", "]}"));
    }
}
