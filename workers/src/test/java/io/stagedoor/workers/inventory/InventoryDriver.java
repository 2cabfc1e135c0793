package io.stagedoor.workers.inventory;

import io.stagedoor.testsupport.FakeClock;
import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.JsonSerde;
import io.stagedoor.workers.WorkerMetrics;
import java.io.IOException;
import java.io.UncheckedIOException;
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

/**
 * The inventory's own topology ({@link InventoryTopology#build}) in a {@link TopologyTestDriver}: no broker, one
 * task, a {@link FakeClock} for the inventory and the driver's wall clock for its expiry sweep. The inputs and outputs
 * are the real topics of the pipeline; {@link #pass} moves both clocks together so a sweep sees the time that passed.
 */
final class InventoryDriver implements AutoCloseable {

    static final Instant START = Instant.parse("2026-11-30T19:00:00Z");
    static final Duration HOLD_TTL = Duration.ofMinutes(10);
    static final Duration SWEEP = Duration.ofSeconds(1);
    static final long PRICE_CENTS = 5_000;

    final FakeClock clock = new FakeClock(START);
    final TestInputTopic<String, EventDefinition> events;
    final TestInputTopic<String, HoldRequested> holds;
    final TestInputTopic<String, CheckoutRequested> checkouts;
    final TestInputTopic<String, PaymentOutcome> outcomes;
    final TestOutputTopic<String, Result> results;
    final TestOutputTopic<String, SeatChange> seatChanges;
    final TestOutputTopic<String, PaymentRequested> payments;
    final TestOutputTopic<String, String> checkoutKeys;
    private final TopologyTestDriver driver;

    InventoryDriver(String name) {
        this(name, io.stagedoor.workers.WorkerSettings.defaults().checkoutIdRetention());
    }

    /** The inventory remembering paid checkout keys for {@code checkoutRetention}. */
    InventoryDriver(String name, Duration checkoutRetention) {
        TopicNames topics = new TopicNames(name);
        driver = new TopologyTestDriver(InventoryTopology.build(topics, HOLD_TTL, SWEEP, checkoutRetention, clock,
                WorkerMetrics.inMemory()), properties(name), START);
        checkoutKeys = driver.createOutputTopic(topics.checkoutKeys(), new StringDeserializer(), new StringDeserializer());
        StringSerializer keys = new StringSerializer();
        StringDeserializer keysOut = new StringDeserializer();
        events = driver.createInputTopic(topics.events(), keys, JsonSerde.of(EventDefinition.class));
        holds = driver.createInputTopic(topics.holds(), keys, JsonSerde.of(HoldRequested.class));
        checkouts = driver.createInputTopic(topics.checkouts(), keys, JsonSerde.of(CheckoutRequested.class));
        outcomes = driver.createInputTopic(topics.paymentOutcomes(), keys, JsonSerde.of(PaymentOutcome.class));
        results = driver.createOutputTopic(topics.results(), keysOut, JsonSerde.of(Result.class));
        seatChanges = driver.createOutputTopic(topics.seatChanges(), keysOut, JsonSerde.of(SeatChange.class));
        payments = driver.createOutputTopic(topics.payments(), keysOut, JsonSerde.of(PaymentRequested.class));
    }

    private static Properties properties(String name) {
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, name + "-test");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        try {
            props.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory(name + "-test").toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return props;
    }

    /** Defines an event with seats {@code s1..s<seatCount>} at {@link #PRICE_CENTS} each. */
    void define(String eventId, int seatCount, int maxSeatsPerBuyer) {
        events.pipeInput(eventId, new EventDefinition(eventId, eventId, "org-1", START, seats(1, seatCount),
                PRICE_CENTS, null).withMaxSeatsPerBuyer(maxSeatsPerBuyer));
    }

    /** A hold request made now, with a fresh correlation id; not yet sent. */
    HoldRequested holdRequest(String eventId, String buyer, List<String> seats) {
        return new HoldRequested(UUID.randomUUID().toString(), eventId, buyer, seats, clock.instant());
    }

    /** Sends a hold request keyed by its event, as the ingress does. */
    HoldRequested sendHold(String eventId, String buyer, List<String> seats) {
        HoldRequested request = holdRequest(eventId, buyer, seats);
        holds.pipeInput(eventId, request);
        return request;
    }

    /** A checkout of a hold made now, with a fresh correlation id; not yet sent. */
    CheckoutRequested checkoutRequest(String eventId, String holdId, String buyer, String token) {
        return new CheckoutRequested(UUID.randomUUID().toString(), eventId, holdId, buyer, token, clock.instant());
    }

    /** Sends a checkout request keyed by its event, as the ingress does. */
    CheckoutRequested sendCheckout(String eventId, String holdId, String buyer, String token) {
        CheckoutRequested request = checkoutRequest(eventId, holdId, buyer, token);
        checkouts.pipeInput(eventId, request);
        return request;
    }

    /** Sends the checkout pool's outcome for a checkout, keyed by event as the pool does. */
    void sendOutcome(CheckoutRequested checkout, PaymentStatus status) {
        outcomes.pipeInput(checkout.eventId(), outcome(checkout, status));
    }

    PaymentOutcome outcome(CheckoutRequested checkout, PaymentStatus status) {
        return new PaymentOutcome(checkout.correlationId(), checkout.eventId(), checkout.holdId(), status,
                status == PaymentStatus.APPROVED ? "ch_" + checkout.correlationId() : null, null, clock.instant());
    }

    /** Moves the inventory's clock and the driver's wall clock on together, so the expiry sweep runs. */
    void pass(Duration time) {
        clock.advance(time);
        driver.advanceWallClockTime(time);
    }

    static List<String> seats(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> "s" + i).toList();
    }

    @Override
    public void close() {
        driver.close();
    }
}
