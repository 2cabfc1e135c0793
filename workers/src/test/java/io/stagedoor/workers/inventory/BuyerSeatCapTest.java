package io.stagedoor.workers.inventory;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.JsonSerde;
import io.stagedoor.workers.WorkerMetrics;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.stream.IntStream;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The seat cap per buyer per event, on the inventory's own topology (no broker): a buyer may hold and buy at most the
 * event's {@code maxSeatsPerBuyer} seats together; a hold past it is rejected with {@link Reasons#BUYER_SEAT_LIMIT}.
 */
class BuyerSeatCapTest {

    private static final Instant START = Instant.parse("2026-11-30T19:00:00Z");
    private static final Duration HOLD_TTL = Duration.ofMinutes(10);
    private static final Duration SWEEP = Duration.ofSeconds(1);
    private static final String EVENT = "ev";

    private final TopicNames topics = new TopicNames("cap");
    private final FakeClock clock = new FakeClock(START);
    private TopologyTestDriver driver;
    private TestInputTopic<String, EventDefinition> events;
    private TestInputTopic<String, HoldRequested> holds;
    private TestInputTopic<String, CheckoutRequested> checkouts;
    private TestInputTopic<String, PaymentOutcome> outcomes;
    private TestOutputTopic<String, Result> results;
    private TestOutputTopic<String, SeatChange> seatChanges;
    private TestOutputTopic<String, PaymentRequested> payments;

    @BeforeEach
    void start() throws Exception {
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "cap-test");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        props.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("cap-test").toString());
        driver = new TopologyTestDriver(InventoryTopology.build(topics, HOLD_TTL, SWEEP, clock,
                WorkerMetrics.inMemory()), props, START);
        StringSerializer keys = new StringSerializer();
        events = driver.createInputTopic(topics.events(), keys, JsonSerde.of(EventDefinition.class));
        holds = driver.createInputTopic(topics.holds(), keys, JsonSerde.of(HoldRequested.class));
        checkouts = driver.createInputTopic(topics.checkouts(), keys, JsonSerde.of(CheckoutRequested.class));
        outcomes = driver.createInputTopic(topics.paymentOutcomes(), keys, JsonSerde.of(PaymentOutcome.class));
        results = driver.createOutputTopic(topics.results(), new StringDeserializer(), JsonSerde.of(Result.class));
        seatChanges = driver.createOutputTopic(topics.seatChanges(), new StringDeserializer(),
                JsonSerde.of(SeatChange.class));
        payments = driver.createOutputTopic(topics.payments(), new StringDeserializer(),
                JsonSerde.of(PaymentRequested.class));
        define(EVENT, EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void aBuyerWithEightSeatsOfAnEventIsRefusedANinthButOthersAndOtherEventsAreNot() {
        assertThat(hold("script-7", seats(1, 5)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("script-7", seats(6, 8)).status()).isEqualTo(ResultStatus.HELD);

        Result ninth = hold("script-7", seats(9, 9));
        assertThat(ninth.status()).isEqualTo(ResultStatus.REJECTED);
        assertThat(ninth.reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
        assertThat(seatChanges.readValuesToList()).extracting(SeatChange::cause).containsExactly("held", "held");

        assertThat(hold("buyer-2", seats(9, 16)).status()).isEqualTo(ResultStatus.HELD);
        define("other", EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
        assertThat(hold("other", "script-7", seats(1, 8)).status()).isEqualTo(ResultStatus.HELD);
    }

    @Test
    void theCapIsTheEventsOwnAndAsksForAtMostItInOneHold() {
        define("small", 2);

        assertThat(hold("small", "b1", seats(1, 3)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
        assertThat(hold("small", "b1", seats(1, 2)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("small", "b1", seats(3, 3)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
        // A seat named twice in one hold is one seat.
        assertThat(hold("small", "b2", List.of("s5", "s5", "s6")).status()).isEqualTo(ResultStatus.HELD);
    }

    @Test
    void aBuyerAtTheCapIsToldSoEvenForSeatsThatAreTaken() {
        assertThat(hold("b1", seats(1, 8)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b2", seats(9, 10)).status()).isEqualTo(ResultStatus.HELD);

        assertThat(hold("b1", seats(9, 9)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
    }

    @Test
    void onceAHoldExpiresItsSeatsStopCounting() {
        assertThat(hold("b1", seats(1, 8)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b1", seats(9, 9)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);

        pass(HOLD_TTL.plus(SWEEP));
        assertThat(seatChanges.readValuesToList()).extracting(SeatChange::cause).containsExactly("held", "expired");

        assertThat(hold("b1", seats(9, 16)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b1", seats(17, 17)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
    }

    @Test
    void boughtSeatsKeepCountingForGood() {
        Result held = hold("b1", seats(1, 6));
        Result paid = buy(held);
        assertThat(paid.status()).isEqualTo(ResultStatus.CONFIRMED);
        assertThat(hold("b1", seats(7, 8)).status()).isEqualTo(ResultStatus.HELD);

        // The 2-seat hold expires; the 6 bought seats never do.
        pass(HOLD_TTL.plus(SWEEP));
        pass(SeatBook.SETTLED_HOLD_RETENTION.plus(SWEEP));

        assertThat(hold("b1", seats(9, 11)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
        assertThat(hold("b1", seats(9, 10)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b1", seats(11, 11)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
    }

    @Test
    void aDeclinedPaymentLeavesTheHoldCountingUntilItExpires() {
        Result held = hold("b1", seats(1, 8));
        CheckoutRequested checkout = checkout(held, "tok_decline");
        outcome(checkout, PaymentStatus.DECLINED);
        assertThat(results.readValue().reason()).isEqualTo(Reasons.PAYMENT_DECLINED);

        assertThat(hold("b1", seats(9, 9)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
    }

    @Test
    void aReplayedHoldCountsOnceAndARejectedOneNotAtAll() {
        HoldRequested request = request(EVENT, "b1", seats(1, 4));
        holds.pipeInput(EVENT, request);
        holds.pipeInput(EVENT, request);
        assertThat(results.readValuesToList()).hasSize(1);
        assertThat(hold("b2", seats(5, 5)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b1", seats(5, 8)).reason()).isEqualTo(Reasons.SEAT_UNAVAILABLE);

        assertThat(hold("b1", seats(6, 9)).status()).isEqualTo(ResultStatus.HELD);
        assertThat(hold("b1", seats(10, 10)).reason()).isEqualTo(Reasons.BUYER_SEAT_LIMIT);
    }

    private void define(String eventId, int maxSeatsPerBuyer) {
        List<String> seats = IntStream.rangeClosed(1, 30).mapToObj(i -> "s" + i).toList();
        events.pipeInput(eventId, new EventDefinition(eventId, eventId, "org-1", START, seats, 5_000, null)
                .withMaxSeatsPerBuyer(maxSeatsPerBuyer));
    }

    private Result hold(String buyer, List<String> seats) {
        return hold(EVENT, buyer, seats);
    }

    private Result hold(String eventId, String buyer, List<String> seats) {
        HoldRequested request = request(eventId, buyer, seats);
        holds.pipeInput(eventId, request);
        Result result = results.readValue();
        assertThat(result.correlationId()).isEqualTo(request.correlationId());
        return result;
    }

    private HoldRequested request(String eventId, String buyer, List<String> seats) {
        return new HoldRequested(UUID.randomUUID().toString(), eventId, buyer, seats, clock.instant());
    }

    private Result buy(Result held) {
        outcome(checkout(held, "tok_ok"), PaymentStatus.APPROVED);
        return results.readValue();
    }

    private CheckoutRequested checkout(Result held, String token) {
        CheckoutRequested checkout = new CheckoutRequested(UUID.randomUUID().toString(), EVENT, held.holdId(),
                held.owner(), token, clock.instant());
        checkouts.pipeInput(EVENT, checkout);
        assertThat(payments.readValue().correlationId()).isEqualTo(checkout.correlationId());
        return checkout;
    }

    private void outcome(CheckoutRequested checkout, PaymentStatus status) {
        outcomes.pipeInput(EVENT, new PaymentOutcome(checkout.correlationId(), EVENT, checkout.holdId(), status,
                status == PaymentStatus.APPROVED ? "ch_1" : null, null, clock.instant()));
    }

    /** Moves the inventory's clock and the driver's wall clock on together, so the expiry sweep runs. */
    private void pass(Duration time) {
        clock.advance(time);
        driver.advanceWallClockTime(time);
    }

    private static List<String> seats(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> "s" + i).toList();
    }
}
