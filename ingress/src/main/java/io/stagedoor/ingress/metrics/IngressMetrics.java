package io.stagedoor.ingress.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.stagedoor.topics.trace.LatencyBuckets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Every metric the ingress publishes, by name, and the one place that binds them to a {@link MeterRegistry}.
 * docs/metrics.md lists these names.
 */
public final class IngressMetrics {

    /**
     * Requests shed with a 503, tagged {@code reason} (door, checkout-bound, broker) and {@code route}; also those
     * refused with a 429 for holding more than a client's share of the door (in-flight-per-principal/-address).
     */
    public static final String SHED = "stagedoor.ingress.shed";
    /** Requests in flight through the door. */
    public static final String IN_FLIGHT = "stagedoor.ingress.in.flight";
    /** Principals and source addresses with requests in flight: the counters the per-client shares keep. */
    public static final String IN_FLIGHT_CLIENTS = "stagedoor.ingress.in.flight.clients";
    /** Checkout permits held (outstanding checkouts). */
    public static final String CHECKOUT_PERMITS = "stagedoor.ingress.checkout.permits";
    /** Checkouts the front stage let on to Jersey that have not reached the checkout bound yet. */
    public static final String CHECKOUTS_PASSING = "stagedoor.ingress.checkout.passing";
    /** Delay of the periodic ticker thread beyond its schedule: the JVM's event-loop lag. */
    public static final String SCHEDULING_LAG = "stagedoor.ingress.scheduling.lag";
    /** Requests accepted (202), tagged {@code route}. */
    public static final String ACCEPTED = "stagedoor.ingress.accepted";
    /** Long polls waiting for a result. */
    public static final String WAITING_POLLS = "stagedoor.ingress.results.waiting";
    /** Time from a request's acceptance to its result reaching this instance. */
    public static final String RESULT_LATENCY = "stagedoor.ingress.result.latency";
    /** Results in the results view. */
    public static final String RESULTS_KEPT = "stagedoor.ingress.results.kept";
    /** Partitions of the results topic this instance follows: its home lanes and those it visits (decision 0028). */
    public static final String RESULT_LANES = "stagedoor.ingress.results.lanes";
    /** Records of the results topic this instance has read. */
    public static final String RESULTS_FOLLOWED = "stagedoor.ingress.results.followed";

    /**
     * Time from a request passing the door to its response, tagged {@code route} and {@code status}: what the
     * service itself spends, without the client's side of the connection.
     */
    public static final String SERVED = "stagedoor.ingress.served";
    /**
     * Requests answered in the front stage, before Jersey, tagged {@code route} and {@code status}: the door's sheds
     * and the hold route's refusals.
     */
    public static final String FRONT_ANSWERS = "stagedoor.ingress.front.answers";
    /** Password hashes computed by the login route (each about 100 ms of CPU). */
    public static final String PASSWORD_HASHES = "stagedoor.ingress.login.password.hashes";
    /** Connections open, tagged {@code listener} (public, admin). */
    public static final String CONNECTIONS_OPEN = "stagedoor.ingress.connections.open";
    /**
     * Connections closed at accept, tagged {@code listener} and {@code reason}: {@code address} (its source had
     * {@code max-connections-per-address} open) or {@code total} (the listener had {@code max-connections} open).
     */
    public static final String CONNECTIONS_REFUSED = "stagedoor.ingress.connections.refused";
    /** Connections ended for their age, tagged {@code listener}: answered {@code Connection: close} past it. */
    public static final String CONNECTIONS_AGED = "stagedoor.ingress.connections.aged";

    /** The route and status a {@link #SERVED} timer is tagged with. */
    private record Served(String route, int status) {
    }

    private final MeterRegistry registry;
    /**
     * The timers of {@link #SERVED}, found here rather than built and registered anew on every response (which
     * showed in the profile): one entry per timer the registry holds, so no more than it.
     */
    private final Map<Served, Timer> served = new ConcurrentHashMap<>();
    /** The counters of {@link #FRONT_ANSWERS}, kept like the timers of {@link #SERVED}. */
    private final Map<Served, Counter> frontAnswers = new ConcurrentHashMap<>();

    public IngressMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public MeterRegistry registry() {
        return registry;
    }

    public void shed(String reason, String route) {
        Counter.builder(SHED).tag("reason", reason).tag("route", route).register(registry).increment();
    }

    public void accepted(String route) {
        Counter.builder(ACCEPTED).tag("route", route).register(registry).increment();
    }

    public void served(String route, int status, long nanos) {
        served.computeIfAbsent(new Served(route, status), key -> Timer.builder(SERVED).tag("route", key.route())
                        .tag("status", Integer.toString(key.status())).publishPercentiles(0.5, 0.99)
                        .serviceLevelObjectives(LatencyBuckets.bounds()).register(registry))
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    public void answeredInFront(String route, int status) {
        frontAnswers.computeIfAbsent(new Served(route, status), key -> Counter.builder(FRONT_ANSWERS)
                .tag("route", key.route()).tag("status", Integer.toString(key.status())).register(registry)).increment();
    }

    public void resultLatency(Duration latency) {
        Timer.builder(RESULT_LATENCY).publishPercentiles(0.5, 0.99).serviceLevelObjectives(LatencyBuckets.bounds())
                .register(registry).record(latency);
    }

    public void connectionRefused(String listener, String reason) {
        Counter.builder(CONNECTIONS_REFUSED).tag("listener", listener).tag("reason", reason).register(registry)
                .increment();
    }

    public void connectionAged(String listener) {
        Counter.builder(CONNECTIONS_AGED).tag("listener", listener).register(registry).increment();
    }

    /** Registers the gauge of the connections open on {@code listener}. */
    public void connectionsOpen(String listener, Supplier<Number> open) {
        Gauge.builder(CONNECTIONS_OPEN, open).tag("listener", listener).register(registry);
    }

    /** Registers a counter read from {@code count} whenever metrics are scraped. */
    public void counted(String name, java.util.function.LongSupplier count) {
        io.micrometer.core.instrument.FunctionCounter.builder(name, count, c -> c.getAsLong()).register(registry);
    }

    /** Registers a gauge read from {@code value} whenever metrics are scraped. */
    public void gauge(String name, Supplier<Number> value) {
        Gauge.builder(name, value).register(registry);
    }
}
