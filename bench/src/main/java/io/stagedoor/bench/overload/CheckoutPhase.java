package io.stagedoor.bench.overload;

import io.stagedoor.bench.load.BenchPipeline;
import io.stagedoor.bench.load.Exchange;
import io.stagedoor.bench.load.HttpLoad;
import io.stagedoor.bench.load.RequestSource;
import io.stagedoor.harness.load.Tally;
import io.stagedoor.topics.Result;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * One phase: checkouts at a fixed offered rate (open loop) for a fixed time, each on a live hold from the pool.
 * Records the POST answers and, for every accepted checkout, the time from its intended send to its result.
 */
final class CheckoutPhase {

    private static final String BODY = "{\"paymentToken\":\"tok_ok\"}";

    private final BenchPipeline pipeline;
    private final HoldPool pool;
    private final Map<Long, PayableHold> sending = new ConcurrentHashMap<>();
    private final ConcurrentHistogram toResult = new ConcurrentHistogram(3);
    private final Map<String, LongAdder> results = new ConcurrentHashMap<>();
    private final LongAdder poolEmpty = new LongAdder();
    private Tally answers;

    CheckoutPhase(BenchPipeline pipeline, HoldPool pool) {
        this.pipeline = pipeline;
        this.pool = pool;
    }

    /** Runs the phase, then waits (at most 15 s) for the results of its accepted checkouts. */
    CheckoutPhase run(int connections, double rate, Duration length) throws InterruptedException {
        RequestSource source = index -> {
            PayableHold hold = pool.take();
            if (hold == null) {
                // out of holds: a checkout of a hold that does not exist is answered 404 and counted apart
                poolEmpty.increment();
                hold = new PayableHold("hold_none", "none");
            } else {
                sending.put(index, hold);
            }
            return pipeline.http().postJson("/v1/holds/" + hold.holdId() + "/checkout", hold.buyerToken(), BODY);
        };
        answers = new HttpLoad(BenchPipeline.HOST, pipeline.port(), connections).open(rate, length, source,
                this::answered);
        pipeline.results().awaitAll(Duration.ofSeconds(15));
        return this;
    }

    private void answered(Exchange exchange) {
        PayableHold hold = sending.remove(exchange.index());
        if (hold == null) {
            return;
        }
        if (exchange.status() == 202) {
            pipeline.results().expect(exchange.answer().correlationId(), exchange.intended(), this::arrived);
        } else {
            pool.giveBack(hold);
        }
    }

    private void arrived(Result result, long intended, long arrived) {
        toResult.recordValue(Math.max(1, (arrived - intended) / 1_000));
        String outcome = result.status().name().toLowerCase() + (result.reason() == null ? "" : ":" + result.reason());
        results.computeIfAbsent(outcome, o -> new LongAdder()).increment();
    }

    Tally answers() {
        return answers;
    }

    Histogram toResult() {
        return toResult;
    }

    String results() {
        TreeMap<String, Long> counts = new TreeMap<>();
        results.forEach((outcome, count) -> counts.put(outcome, count.sum()));
        return counts + (poolEmpty.sum() > 0 ? " (pool empty " + poolEmpty.sum() + " times)" : "");
    }
}
