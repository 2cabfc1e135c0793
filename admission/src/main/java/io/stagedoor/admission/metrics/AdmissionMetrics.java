package io.stagedoor.admission.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Binds {@link AdmissionMeter} to a Micrometer registry. Meters are looked up once per tag combination and
 * then kept, so counting on the hot path is a map lookup and an add.
 */
public final class AdmissionMetrics {

    private final MeterRegistry registry;
    private record CounterKey(AdmissionMeter meter, String first, String second, String third) {
    }

    private final ConcurrentMap<CounterKey, Counter> counters = new ConcurrentHashMap<>();
    private final Timer redisOk;
    private final Timer redisError;
    private final AtomicLong refundsAwaited = new AtomicLong();
    private final List<LongSupplier> bound = new CopyOnWriteArrayList<>();

    public AdmissionMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.redisOk = timer("ok");
        this.redisError = timer("error");
        Gauge.builder(AdmissionMeter.REFUNDS_AWAITED.meterName(), refundsAwaited, AtomicLong::get)
                .description(AdmissionMeter.REFUNDS_AWAITED.description()).register(registry);
    }

    /** Metrics kept in memory only: for tests and for callers that publish none. */
    public static AdmissionMetrics inMemory() {
        return new AdmissionMetrics(new SimpleMeterRegistry());
    }

    public MeterRegistry registry() {
        return registry;
    }

    public void decision(String limit, String outcome, String source) {
        counters.computeIfAbsent(new CounterKey(AdmissionMeter.DECISIONS, limit, outcome, source),
                key -> register(AdmissionMeter.DECISIONS, AdmissionMeter.TAG_LIMIT, limit,
                        AdmissionMeter.TAG_OUTCOME, outcome, AdmissionMeter.TAG_SOURCE, source)).increment();
    }

    public void refusalCacheHit(String limit) {
        counters.computeIfAbsent(new CounterKey(AdmissionMeter.REFUSAL_CACHE_HITS, limit, null, null),
                key -> register(AdmissionMeter.REFUSAL_CACHE_HITS, AdmissionMeter.TAG_LIMIT, limit)).increment();
    }

    public void fallback(String limit, String outcome) {
        counters.computeIfAbsent(new CounterKey(AdmissionMeter.FALLBACK_DECISIONS, limit, outcome, null),
                key -> register(AdmissionMeter.FALLBACK_DECISIONS, AdmissionMeter.TAG_LIMIT, limit,
                        AdmissionMeter.TAG_OUTCOME, outcome)).increment();
    }

    public void shed(String limit) {
        counters.computeIfAbsent(new CounterKey(AdmissionMeter.SHED_DECISIONS, limit, null, null),
                key -> register(AdmissionMeter.SHED_DECISIONS, AdmissionMeter.TAG_LIMIT, limit)).increment();
    }

    public void breakerTransition(String state) {
        counters.computeIfAbsent(new CounterKey(AdmissionMeter.BREAKER_TRANSITIONS, state, null, null),
                key -> register(AdmissionMeter.BREAKER_TRANSITIONS, AdmissionMeter.TAG_STATE, state)).increment();
    }

    /** {@code tokens} given back after an unused take ({@code given}), or lost to a refund that failed. */
    public void refunded(long tokens, boolean given) {
        String result = given ? "given" : "failed";
        counters.computeIfAbsent(new CounterKey(AdmissionMeter.REFUNDED_TOKENS, result, null, null),
                key -> register(AdmissionMeter.REFUNDED_TOKENS, AdmissionMeter.TAG_RESULT, result)).increment(tokens);
    }

    /** {@code tokens} of {@code limit} that an admitted decision's caller gave back ({@code given}), or failed to. */
    public void givenBack(String limit, long tokens, boolean given) {
        String result = given ? "given" : "failed";
        counters.computeIfAbsent(new CounterKey(AdmissionMeter.GIVEN_BACK_TOKENS, limit, result, null),
                key -> register(AdmissionMeter.GIVEN_BACK_TOKENS, AdmissionMeter.TAG_LIMIT, limit,
                        AdmissionMeter.TAG_RESULT, result)).increment(tokens);
    }

    /** One more (or, with -1, one fewer) unused take whose reply or refund is still due. */
    public void refundAwaited(int change) {
        refundsAwaited.addAndGet(change);
    }

    /** Unused takes whose reply or refund is still due. */
    public long refundsAwaited() {
        return refundsAwaited.get();
    }

    public void redisCall(long nanos, boolean ok) {
        (ok ? redisOk : redisError).record(nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Binds the deadline sweeper's counts, read when scraped: calls failed at their deadline once the reply readers
     * had caught up ({@code expired}) or while they were still behind at the end of their grace ({@code behind}), and
     * calls past it that were answered once the readers caught up.
     */
    public void deadlines(LongSupplier expired, LongSupplier behind, LongSupplier caughtUp) {
        functionCounter(AdmissionMeter.DEADLINE_EXPIRED, expired, AdmissionMeter.TAG_READERS, "caught-up");
        functionCounter(AdmissionMeter.DEADLINE_EXPIRED, behind, AdmissionMeter.TAG_READERS, "behind");
        functionCounter(AdmissionMeter.DEADLINE_CAUGHT_UP, caughtUp);
    }

    /** Binds one count of the overload signal's verdicts, by {@code reason}, read when scraped. */
    public void overloadVerdicts(String reason, LongSupplier count) {
        functionCounter(AdmissionMeter.OVERLOAD_VERDICTS, count, AdmissionMeter.TAG_REASON, reason);
    }

    private void functionCounter(AdmissionMeter meter, LongSupplier count, String... tags) {
        // Micrometer holds a function counter's object weakly: keep the supplier alive as long as these metrics.
        bound.add(count);
        FunctionCounter.builder(meter.meterName(), count, LongSupplier::getAsLong)
                .description(meter.description()).tags(tags).register(registry);
    }

    /** Calls to Redis so far, answered or not. */
    public long redisCalls() {
        return redisOk.count() + redisError.count();
    }

    /** The current count of one counter, 0 if it never counted. */
    public double count(AdmissionMeter meter, String... tags) {
        Counter counter = registry.find(meter.meterName()).tags(tags).counter();
        if (counter != null) {
            return counter.count();
        }
        FunctionCounter bound = registry.find(meter.meterName()).tags(tags).functionCounter();
        return bound == null ? 0 : bound.count();
    }

    private Counter register(AdmissionMeter meter, String... tags) {
        return Counter.builder(meter.meterName()).description(meter.description()).tags(tags).register(registry);
    }

    private Timer timer(String result) {
        return Timer.builder(AdmissionMeter.REDIS_LATENCY.meterName())
                .description(AdmissionMeter.REDIS_LATENCY.description())
                .tag(AdmissionMeter.TAG_RESULT, result)
                .register(registry);
    }
}
