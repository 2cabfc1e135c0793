package io.stagedoor.bench.e2e;

import io.stagedoor.bench.load.Exchange;
import io.stagedoor.bench.load.ResultWatch;
import io.stagedoor.harness.load.Percentiles;
import io.stagedoor.harness.load.Tally;
import io.stagedoor.topics.Result;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;

/**
 * What one step measured: the POST answers (from the load loop's tally) and, for every 202, the time from the
 * intended send to the result's arrival at the ingress, with the results counted by status and reason.
 */
final class StepFigures {

    private final String name;
    private final ResultWatch watch;
    private final ConcurrentHistogram toResult = new ConcurrentHistogram(3);
    private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
    private final AtomicLong firstIntended = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong lastArrival = new AtomicLong();
    private final LongAdder held = new LongAdder();
    private Tally answers;

    StepFigures(String name, ResultWatch watch) {
        this.name = name;
        this.watch = watch;
    }

    /** The load loop's listener: watches each accepted hold for its result. */
    void answered(Exchange exchange) {
        firstIntended.accumulateAndGet(exchange.intended(), Math::min);
        if (exchange.status() == 202 && exchange.answer().correlationId() != null) {
            watch.expect(exchange.answer().correlationId(), exchange.intended(), this::arrived);
        }
    }

    private void arrived(Result result, long intended, long arrived) {
        toResult.recordValue(Math.max(1, (arrived - intended) / 1_000));
        lastArrival.accumulateAndGet(arrived, Math::max);
        String outcome = result.status().name().toLowerCase(Locale.ROOT)
                + (result.reason() == null ? "" : ":" + result.reason());
        outcomes.computeIfAbsent(outcome, o -> new LongAdder()).increment();
        if (result.succeeded()) {
            held.increment();
        }
    }

    void answers(Tally tally) {
        this.answers = tally;
    }

    /** The answers of one HTTP status. */
    long answered(int status) {
        return answers.count(status);
    }

    /** Holds that ended held, per second from the first intended send to the last result. */
    double heldPerSecond() {
        double seconds = (lastArrival.get() - firstIntended.get()) / 1e9;
        return seconds <= 0 ? 0 : held.sum() / seconds;
    }

    double resultMillis(double percentile) {
        return Percentiles.millis(toResult, percentile);
    }

    static String header() {
        return String.format(Locale.ROOT, "%-16s %9s %9s %9s %9s %9s %9s %9s %9s  %s", "step", "POSTs/s", "202/s",
                "held/s", "202 p50", "202 p99", "res p50", "res p99", "res max", "answers; results");
    }

    String row(long unanswered) {
        TreeMap<String, Long> results = new TreeMap<>();
        outcomes.forEach((outcome, count) -> results.put(outcome, count.sum()));
        return String.format(Locale.ROOT, "%-16s %9.0f %9.0f %9.0f %9.2f %9.2f %9.2f %9.2f %9.2f  %s; %s%s", name,
                answers.total() / answers.seconds(), answers.perSecond(202), heldPerSecond(),
                Percentiles.millis(answers.latency(202), 50), Percentiles.millis(answers.latency(202), 99),
                resultMillis(50), resultMillis(99),
                toResult.getTotalCount() == 0 ? Double.NaN : toResult.getMaxValue() / 1000.0,
                answers.statuses(), results, unanswered > 0 ? "; NO RESULT " + unanswered : "");
    }
}
