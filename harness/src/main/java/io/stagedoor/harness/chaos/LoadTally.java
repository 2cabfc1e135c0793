package io.stagedoor.harness.chaos;

import io.stagedoor.client.Accepted;
import io.stagedoor.client.Decided;
import io.stagedoor.client.Refusal;
import io.stagedoor.client.ResultAnswer;
import io.stagedoor.client.ResultStatus;
import io.stagedoor.client.SubmitAnswer;
import io.stagedoor.client.Unreachable;
import io.stagedoor.harness.load.LatencySamples;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;

/**
 * What the load saw, from the buyers' side: every POST's answer and latency by {@link FaultPhase}, every accepted
 * request's result, and the client-side evidence of loss (a result that never came, one correlation id given to
 * two requests, one seat confirmed to two checkouts). Thread-safe; the load's virtual threads all write here.
 */
final class LoadTally {

    private static final int KEEP = 10;

    final AtomicLong offered = new AtomicLong();
    final AtomicLong accepted = new AtomicLong();
    final AtomicLong refused = new AtomicLong();
    final AtomicLong shed = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong failedOver = new AtomicLong();
    final AtomicLong skipped = new AtomicLong();
    final AtomicLong results = new AtomicLong();
    final AtomicLong resultsMissing = new AtomicLong();
    final AtomicLong duplicates = new AtomicLong();
    final AtomicLong doubleSales = new AtomicLong();
    final AtomicLong confirmed = new AtomicLong();
    final AtomicLong shedWithoutRetryAfter = new AtomicLong();
    final LongAccumulator slowestShedNanos = new LongAccumulator(Math::max, 0);
    private final Map<Integer, AtomicLong> statuses = new ConcurrentHashMap<>();
    private final Map<FaultPhase, LatencySamples> latencies = new EnumMap<>(FaultPhase.class);
    private final Set<String> acceptedIds = ConcurrentHashMap.newKeySet();
    private final Map<String, String> seatSoldTo = new ConcurrentHashMap<>();
    private final Queue<String> missing = new ConcurrentLinkedQueue<>();
    private final Queue<ShedWindows.Answer> timeline = new ConcurrentLinkedQueue<>();
    private volatile FaultPhase phase = FaultPhase.BEFORE;

    LoadTally() {
        for (FaultPhase p : FaultPhase.values()) {
            latencies.put(p, new LatencySamples());
        }
    }

    FaultPhase phase() {
        return phase;
    }

    void phase(FaultPhase next) {
        phase = next;
    }

    /** A POST's final answer (after a fail-over, if any), sent in {@code sentIn}, taking {@code nanos}. */
    void submitted(SubmitAnswer answer, FaultPhase sentIn, long nanos) {
        offered.incrementAndGet();
        timeline.add(switch (answer) {
            case Accepted a -> new ShedWindows.Answer(System.nanoTime(), 202, "accepted");
            case Refusal r -> new ShedWindows.Answer(System.nanoTime(), r.status(), r.problem().slug());
            case Unreachable u -> new ShedWindows.Answer(System.nanoTime(), -1, "unreachable");
        });
        latencies.get(sentIn).record(nanos);
        switch (answer) {
            case Accepted a -> {
                accepted.incrementAndGet();
                status(202);
                if (!acceptedIds.add(a.correlationId())) {
                    duplicates.incrementAndGet(); // two logical requests, one correlation id
                }
            }
            case Refusal r -> {
                status(r.status());
                if (r.status() == 503) {
                    shed.incrementAndGet();
                    slowestShedNanos.accumulate(nanos);
                    if (r.retryAfter().isEmpty()) {
                        shedWithoutRetryAfter.incrementAndGet();
                    }
                } else if (r.status() >= 500) {
                    failed.incrementAndGet();
                } else {
                    refused.incrementAndGet();
                }
            }
            case Unreachable u -> {
                status(-1);
                failed.incrementAndGet();
            }
        }
    }

    /** What waiting for the result of the accepted request {@code correlationId} ended with. */
    void resulted(String correlationId, ResultAnswer answer) {
        if (answer instanceof Decided decided && decided.result().status().decided()) {
            results.incrementAndGet();
            if (decided.result().status() == ResultStatus.CONFIRMED) {
                confirmed.incrementAndGet();
                for (String seat : decided.result().seats()) {
                    String earlier = seatSoldTo.putIfAbsent(decided.result().eventId() + "/" + seat, correlationId);
                    if (earlier != null && !earlier.equals(correlationId)) {
                        doubleSales.incrementAndGet();
                    }
                }
            }
            return;
        }
        resultsMissing.incrementAndGet();
        if (missing.size() < KEEP) {
            missing.add(correlationId + " (" + answer.getClass().getSimpleName() + ")");
        }
    }

    private void status(int status) {
        statuses.computeIfAbsent(status, s -> new AtomicLong()).incrementAndGet();
    }

    /** Answers by HTTP status (-1: no answer), for the report. */
    Map<Integer, Long> statuses() {
        Map<Integer, Long> copy = new TreeMap<>();
        statuses.forEach((status, count) -> copy.put(status, count.get()));
        return copy;
    }

    /** The slowest POST sent in {@code p}, in nanoseconds (0 when none was). */
    long slowest(FaultPhase p) {
        return latencies.get(p).max();
    }

    /** The nearest-rank {@code q}-quantile of the POST latencies sent in {@code p}, in nanoseconds (0 when none). */
    long quantile(FaultPhase p, double q) {
        return latencies.get(p).quantile(q);
    }

    /** When each POST's final answer came ({@link System#nanoTime()}) and its status, in no particular order. */
    List<ShedWindows.Answer> timeline() {
        return List.copyOf(timeline);
    }

    /** Correlation ids the load accepted. */
    Set<String> acceptedIds() {
        return Set.copyOf(acceptedIds);
    }

    /** The first few results that never came. */
    List<String> missing() {
        return List.copyOf(missing);
    }
}
