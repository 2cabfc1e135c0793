package io.stagedoor.workers;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.stagedoor.topics.trace.LatencyBuckets;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The workers' metrics: every name is here, bound to the Micrometer registry given at start. Inventory counters
 * count processing attempts: a batch that Kafka Streams aborts and reprocesses under exactly-once is counted
 * again, so they can run slightly ahead of the results topic after a crash.
 */
public final class WorkerMetrics {

    /** Gauge: payment calls running now in this process. */
    public static final String PAYMENTS_IN_FLIGHT = "stagedoor.payments.in.flight";
    /** Gauge: the most payment calls this process ever ran at once. */
    public static final String PAYMENTS_IN_FLIGHT_MAX = "stagedoor.payments.in.flight.max";
    /** Timer, tag {@code outcome}: how long payment calls take. */
    public static final String PAYMENT_LATENCY = "stagedoor.payment.latency";
    /**
     * Counter: payment requests the broker dead-lettered (delivered too often, or rejected), by {@code kind}:
     * {@code payment} (its checkout fails), {@code void} (to reconcile with the gateway) or {@code unreadable}.
     */
    public static final String PAYMENTS_DEAD_LETTERED = "stagedoor.payments.dead.lettered";
    /** Counter: payment requests given back to the share group unprocessed (drain, surplus). */
    public static final String PAYMENTS_RELEASED = "stagedoor.payments.released";
    /**
     * Counter: payment requests a lane acquired that had been delivered before (a lane released it, died holding it,
     * or lost its lock); a lock renewed while the payment runs is not a delivery.
     */
    public static final String PAYMENTS_REDELIVERED = "stagedoor.payments.redelivered";
    /** Counter: holds granted. */
    public static final String HOLDS = "stagedoor.holds";
    /** Counter: holds that expired and freed their seats. */
    public static final String HOLD_EXPIRIES = "stagedoor.hold.expiries";
    /** Counter: checkouts confirmed (seats sold). */
    public static final String SALES = "stagedoor.sales";
    /** Counter, tag {@code reason}: holds and checkouts rejected. */
    public static final String REJECTIONS = "stagedoor.rejections";
    /** Counter: approved payments the inventory could not use, sent back to the gateway as voids. */
    public static final String VOIDS = "stagedoor.payment.voids";
    /**
     * Gauge, tag {@code topic}: records on one of the inventory's input topics that its consumer group has not
     * committed yet. It is the group's lag, the same on every instance that runs the inventory (chart the max, not
     * the sum, across instances); NaN while the cluster does not answer.
     */
    public static final String INVENTORY_LAG = "stagedoor.inventory.lag";
    /**
     * Gauge: payment requests the checkout share group has not acknowledged yet (waiting or in flight), as the
     * broker counts them. The group's lag, the same on every pool instance; NaN while the cluster does not answer.
     */
    public static final String PAYMENTS_LAG = "stagedoor.payments.lag";

    private final MeterRegistry registry;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger inFlightMax = new AtomicInteger();
    private final Map<GaugeKey, Reading> readings = new ConcurrentHashMap<>();

    /** Metrics bound to {@code registry}. */
    public WorkerMetrics(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
        registry.gauge(PAYMENTS_IN_FLIGHT, inFlight);
        registry.gauge(PAYMENTS_IN_FLIGHT_MAX, inFlightMax);
    }

    /** Metrics in a private in-memory registry. */
    public static WorkerMetrics inMemory() {
        return new WorkerMetrics(new SimpleMeterRegistry());
    }

    /** The registry the metrics are bound to. */
    public MeterRegistry registry() {
        return registry;
    }

    /** A payment call starts. */
    public void paymentStarted() {
        inFlightMax.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
    }

    /** A payment call ended with {@code outcome} after {@code took}. */
    public void paymentFinished(String outcome, Duration took) {
        inFlight.decrementAndGet();
        Timer.builder(PAYMENT_LATENCY).tag("outcome", outcome).serviceLevelObjectives(LatencyBuckets.bounds())
                .register(registry).record(took);
    }

    /** Payment calls running now. */
    public int paymentsInFlight() {
        return inFlight.get();
    }

    /** The most payment calls ever run at once. */
    public int paymentsInFlightMax() {
        return inFlightMax.get();
    }

    public void deadLettered(String kind) {
        Counter.builder(PAYMENTS_DEAD_LETTERED).tag("kind", kind).register(registry).increment();
    }

    public void released(int records) {
        counter(PAYMENTS_RELEASED).increment(records);
    }

    public void redelivered() {
        counter(PAYMENTS_REDELIVERED).increment();
    }

    public void holdGranted() {
        counter(HOLDS).increment();
    }

    public void holdExpired() {
        counter(HOLD_EXPIRIES).increment();
    }

    public void sale() {
        counter(SALES).increment();
    }

    public void voided() {
        counter(VOIDS).increment();
    }

    public void rejected(String reason) {
        Counter.builder(REJECTIONS).tag("reason", reason).register(registry).increment();
    }

    /** The inventory's consumer group is {@code records} behind on {@code topic} (NaN: unknown). */
    public void inventoryLag(String topic, double records) {
        reading(INVENTORY_LAG, Tags.of("topic", topic)).value = records;
    }

    /** The checkout share group has {@code records} payment requests not yet acknowledged (NaN: unknown). */
    public void paymentsLag(double records) {
        reading(PAYMENTS_LAG, Tags.empty()).value = records;
    }

    /** The last inventory lag reported for {@code topic}; NaN before the first. */
    public double inventoryLag(String topic) {
        return reading(INVENTORY_LAG, Tags.of("topic", topic)).value;
    }

    /** The last share-group lag reported; NaN before the first. */
    public double paymentsLag() {
        return reading(PAYMENTS_LAG, Tags.empty()).value;
    }

    /** The count of a counter without tags, for tests and the benchmark. */
    public double count(String name) {
        Counter counter = registry.find(name).counter();
        return counter == null ? 0 : counter.count();
    }

    private Counter counter(String name) {
        return registry.counter(name);
    }

    /** The value behind a gauge, registered on first use; held here because a registry holds gauges weakly. */
    private Reading reading(String name, Tags tags) {
        return readings.computeIfAbsent(new GaugeKey(name, tags), key -> {
            Reading reading = new Reading();
            Gauge.builder(name, reading, Reading::value).tags(tags).register(registry);
            return reading;
        });
    }

    private record GaugeKey(String name, Tags tags) {
    }

    /** A gauge's latest value, written by one probe thread and read by any scrape. */
    private static final class Reading {
        private volatile double value = Double.NaN;

        private double value() {
            return value;
        }
    }
}
