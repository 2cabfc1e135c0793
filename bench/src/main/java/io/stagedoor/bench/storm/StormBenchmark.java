package io.stagedoor.bench.storm;

import io.micrometer.core.instrument.Counter;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.limit.WhenUnavailable;
import io.stagedoor.bench.load.BenchPipeline;
import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.Flags;
import io.stagedoor.bench.load.Machine;
import io.stagedoor.bench.load.SpentBuckets;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.ingress.Ingress;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * The buyer limit at saturation, driven from outside the JVM by wrk (Debian's package): a retry storm of buyers
 * who spent their burst, and fresh buyers whose holds are admitted and published, in alternating rounds against one
 * ingress with the default buyer limit (10 seats, then one per 6 s; the organizer aggregate is lifted so fresh
 * buyers are limited only by their own bucket). Prints requests/s, p50/p99 as wrk measured them, the statuses, and
 * the decisions the limiter's fallbacks took (with Redis up, they must be 0, however saturated this JVM is) and the
 * requests it shed instead because it was too busy to hear Redis in time.
 *
 * <p>Flags: {@code --seconds 10 --rounds 2 --warmup 5 --connections 64 --threads 2 --storm-buyers 2000
 * --fresh-buyers 300000 [--kafka host:port] [--redis redis://host:port]}.
 */
public final class StormBenchmark {

    private static final String EVENT = "storm-event";
    private static final String SEAT = "s1";
    /** Decisions a fallback took: while Redis is up, none may be. */
    private static final String FALLBACKS = "stagedoor.admission.fallback.decisions";
    /** Requests shed because this instance, overloaded, could not hear Redis in time. */
    private static final String SHED = "stagedoor.admission.shed.decisions";
    private static final LimitPolicy OPEN_ORGANIZER = LimitPolicy.of("organizer-holds", 1_000_000_000L,
            1_000_000_000L, Duration.ofSeconds(1), WhenUnavailable.FAIL_OPEN);

    private StormBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Flags flags = Flags.parse(args);
        WrkRounds plan = WrkRounds.read(flags);
        int stormBuyers = flags.integer("storm-buyers", 2_000);
        int freshBuyers = flags.integer("fresh-buyers", 300_000);
        String kafka = flags.text("kafka", null);
        String redis = flags.text("redis", null);
        flags.rejectUnknown();

        List<String> seats = IntStream.rangeClosed(1, 100).mapToObj(i -> "s" + i).toList();
        Limits limits = Limits.defaults().with(OPEN_ORGANIZER);
        EventDefinition event = new EventDefinition(EVENT, "Storm", "org-storm", Instant.EPOCH, seats, 5_000, null);
        try (Pipeline pipeline = BenchPipeline.ingressAlone(kafka, redis, "bench-storm-", event, limits)) {
            measure(pipeline.ingress(), pipeline.redisUri(), pipeline.topics(), limits, plan.round(), plan.rounds(),
                    plan.warmup(), plan.connections(), plan.threads(), stormBuyers, freshBuyers);
        }
    }

    private static void measure(Ingress ingress, String redis, TopicNames topics, Limits limits, Duration round,
                                int rounds, Duration warmup, int connections, int threads, int stormBuyers,
                                int freshBuyers) throws Exception {
        BuyerPasses storm = new BuyerPasses("storm", stormBuyers);
        BuyerPasses fresh = new BuyerPasses("fresh", freshBuyers);
        long drained = SpentBuckets.drain(redis, topics.namespace(), limits.policy("buyer-seats"), storm);
        Path stormTokens = Wrk.tokenFile(storm.size(), storm::token);
        Path freshTokens = Wrk.tokenFile(fresh.size(), fresh::token);
        Path script = Wrk.script();
        Wrk wrk = new Wrk(script, ingress.port(), "/v1/events/" + EVENT + "/holds", SEAT, threads, connections);
        System.out.printf(Locale.ROOT, "ingress on 127.0.0.1:%d; wrk -t%d -c%d, rounds of %d s x %d per scenario "
                        + "after %d s warm-up; %d storm buyers drained in Redis (%d taken), %d fresh buyers; %s%n",
                ingress.port(), threads, connections, round.toSeconds(), rounds, warmup.toSeconds(), stormBuyers,
                drained, freshBuyers, Machine.describe());
        wrk.run(stormTokens, warmup);

        List<Scenario> scenarios = List.of(new Scenario("retry storm (spent buyers)", stormTokens),
                new Scenario("fresh buyers (admitted)", freshTokens));
        System.out.printf(Locale.ROOT, "%-28s %5s %10s %9s %9s %10s %8s %8s  %s%n", "scenario", "round", "req/s",
                "p50 ms", "p99 ms", "fallbacks", "shed", "errors", "statuses");
        double fallbacksInAll = 0;
        for (int r = 0; r < rounds; r++) {
            for (int turn = 0; turn < scenarios.size(); turn++) {
                Scenario scenario = scenarios.get((turn + r) % scenarios.size());
                double before = count(ingress, FALLBACKS);
                double shedBefore = count(ingress, SHED);
                Wrk.Figures figures = wrk.run(scenario.tokens(), round);
                double fallbacks = count(ingress, FALLBACKS) - before;
                fallbacksInAll += fallbacks;
                System.out.printf(Locale.ROOT, "%-28s %5d %10.0f %9.2f %9.2f %10.0f %8.0f %8d  %s%n", scenario.name(),
                        r + 1, figures.perSecond(), figures.p50Micros() / 1000.0, figures.p99Micros() / 1000.0,
                        fallbacks, count(ingress, SHED) - shedBefore, figures.errors(), figures.statuses());
            }
        }
        System.out.printf(Locale.ROOT, "stagedoor.admission.fallback.decisions while Redis was up: %.0f (target 0: %s);"
                + " load average after: %s%n", fallbacksInAll, fallbacksInAll == 0 ? "met" : "NOT met",
                Machine.loadAverage());
    }

    private static double count(Ingress ingress, String counter) {
        return ingress.registry().find(counter).counters().stream().mapToDouble(Counter::count).sum();
    }

    private record Scenario(String name, Path tokens) {
    }
}
