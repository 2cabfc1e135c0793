package io.stagedoor.bench.ingress;

import io.micrometer.core.instrument.Counter;
import io.stagedoor.bench.load.BenchPipeline;
import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.ContextSwitches;
import io.stagedoor.bench.load.Flags;
import io.stagedoor.bench.load.HttpConnection;
import io.stagedoor.bench.load.HttpLoad;
import io.stagedoor.bench.load.HttpRequests;
import io.stagedoor.bench.load.Machine;
import io.stagedoor.bench.load.ProcessCpu;
import io.stagedoor.bench.load.RedisCpu;
import io.stagedoor.bench.load.RequestSource;
import io.stagedoor.bench.load.SpentBuckets;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.load.Percentiles;
import io.stagedoor.harness.load.Tally;
import io.stagedoor.ingress.Ingress;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * One ingress instance (Redis limiter, Kafka publisher, every ring) on an embedded broker and Redis, driven by a
 * closed loop of keep-alive connections. Four contenders take turns round by round, the first one rotating: the
 * bare route {@code GET /health/live} of the same server (Jersey and Grizzly, no ring, no Redis, no Kafka), a hold
 * refused from the refusal cache (warm), a hold refused by Redis (cold), and an admitted hold published with
 * {@code acks=all} (202). Prints requests/s, latency, CPU per request (the JVM's, which holds the broker, and
 * Redis's own, read from its {@code INFO}), the JVM's context switches and script calls per answer, and the ratios
 * to the bare route.
 *
 * <p>Flags: {@code --seconds 5 --rounds 3 --warmup 3 --connections 64 --cold-buyers 200000
 * --admitted-buyers 120000 [--contenders bare,warm,cold,admitted] [--kafka host:port] [--redis redis://host:port]}
 * (ratios are to the first contender named; profile one contender alone with {@code --contenders warm}).
 */
public final class IngressBenchmark {

    private static final String EVENT = "bench-event";
    private static final String HOST = "127.0.0.1";

    private IngressBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Flags flags = Flags.parse(args);
        Duration round = flags.seconds("seconds", 5);
        int rounds = flags.integer("rounds", 3);
        Duration warmup = flags.seconds("warmup", 3);
        int connections = flags.integer("connections", 64);
        int coldBuyers = flags.integer("cold-buyers", 200_000);
        int admittedBuyers = flags.integer("admitted-buyers", 120_000);
        String kafka = flags.text("kafka", null);
        String redis = flags.text("redis", null);
        String only = flags.text("contenders", "bare,warm,cold,admitted");
        flags.rejectUnknown();

        List<String> seats = IntStream.rangeClosed(1, 100).mapToObj(i -> "s" + i).toList();
        EventDefinition event = new EventDefinition(EVENT, "Bench", "org-bench", Instant.EPOCH, seats, 5_000, null);
        try (Pipeline pipeline = BenchPipeline.ingressAlone(kafka, redis, "bench-ingress-", event,
                BenchLimits.limits())) {
            measure(pipeline.ingress(), pipeline.redisUri(), pipeline.topics(), round, rounds, warmup, connections,
                    coldBuyers, admittedBuyers, List.of(only.split(",")));
        }
    }

    private static void measure(Ingress ingress, String redis, TopicNames topics, Duration round, int rounds,
                                Duration warmup, int connections, int coldBuyers, int admittedBuyers,
                                List<String> only) throws Exception {
        HttpRequests http = new HttpRequests(HOST, ingress.port());
        awaitEvent(ingress.port(), http);
        long minting = System.nanoTime();
        BuyerPasses warm = new BuyerPasses("warm", HoldTraffic.WARM_BUYERS);
        BuyerPasses cold = new BuyerPasses("cold", coldBuyers);
        BuyerPasses fresh = new BuyerPasses("fresh", admittedBuyers);
        long drained = SpentBuckets.drain(redis, topics.namespace(), BenchLimits.BUYER, warm)
                + SpentBuckets.drain(redis, topics.namespace(), BenchLimits.BUYER, cold);
        System.out.printf(Locale.ROOT, "setup: %d tokens minted, %d buyers drained in Redis, in %.1f s%n",
                warm.size() + cold.size() + fresh.size(), drained, (System.nanoTime() - minting) / 1e9);
        HoldTraffic traffic = new HoldTraffic(http, EVENT, "s1", warm, cold, fresh);
        List<Contender> contenders = List.of(
                new Contender("bare", "bare /health/live", 200, traffic.bare()),
                new Contender("warm", "429 refused, cache warm", 429, traffic.refusedWarm()),
                new Contender("cold", "429 refused, cache cold", 429, traffic.refusedCold()),
                new Contender("admitted", "202 admitted+published", 202, traffic.admitted()))
                .stream().filter(c -> only.contains(c.key())).toList();
        HttpLoad loop = new HttpLoad(HOST, ingress.port(), connections);
        System.out.printf(Locale.ROOT, "ingress on 127.0.0.1:%d, %d connections (closed loop), rounds of %d s x %d per "
                + "contender after %d s warm-up; %s%n", ingress.port(), connections, round.toSeconds(), rounds,
                warmup.toSeconds(), Machine.describe());
        for (Contender contender : contenders) {
            loop.closed(warmup, contender.source(), exchange -> { });
        }
        Map<Contender, Totals> totals = new LinkedHashMap<>();
        try (RedisCpu redisCpu = new RedisCpu(redis)) {
            for (int r = 0; r < rounds; r++) {
                for (int turn = 0; turn < contenders.size(); turn++) {
                    Contender contender = contenders.get((turn + r) % contenders.size());
                    double hitsBefore = cacheHits(ingress);
                    double fallbacksBefore = fallbacks(ingress);
                    RedisCpu.Reading redisBefore = redisCpu.read();
                    long switchesBefore = ContextSwitches.total();
                    long cpuBefore = ProcessCpu.nanos();
                    Tally tally = loop.closed(round, contender.source(), exchange -> { });
                    Totals t = totals.computeIfAbsent(contender, c -> new Totals());
                    t.tally.add(tally);
                    t.cpuNanos += ProcessCpu.nanos() - cpuBefore;
                    t.switches += ContextSwitches.total() - switchesBefore;
                    t.redis = t.redis.plus(redisCpu.read().minus(redisBefore));
                    t.cacheHits += cacheHits(ingress) - hitsBefore;
                    t.fallbacks += fallbacks(ingress) - fallbacksBefore;
                }
            }
        }
        print(contenders, totals);
        System.out.printf(Locale.ROOT, "cold buyers used %d of %d, admitted buyers used %d of %d; load average after: %s%n",
                traffic.coldUsed(), coldBuyers, traffic.freshUsed(), admittedBuyers, Machine.loadAverage());
    }

    private static void print(List<Contender> contenders, Map<Contender, Totals> totals) {
        double bare = totals.get(contenders.get(0)).perSecond(contenders.get(0).expected());
        System.out.printf(Locale.ROOT, "%-26s %10s %9s %9s %11s %13s %13s %10s %8s %8s  %s%n", "contender",
                "answers/s", "p50 ms", "p99 ms", "CPU us/req", "Redis us/req", "switches/req", "calls/req", "vs bare",
                "target", "answers; refusal-cache hits; fallback decisions");
        for (Contender contender : contenders) {
            Totals t = totals.get(contender);
            double rate = t.perSecond(contender.expected());
            double target = contender.expected() == 202 ? 0.5 : contender.expected() == 429 ? 0.8 : Double.NaN;
            String verdict = Double.isNaN(target) ? "" : String.format(Locale.ROOT, ">=%.1f %s", target,
                    rate / bare >= target ? "met" : "NOT met");
            long answers = Math.max(1, t.tally.total());
            System.out.printf(Locale.ROOT,
                    "%-26s %10.0f %9.2f %9.2f %11.1f %13.1f %13.2f %10.3f %7.2fx %8s  %s; hits %.0f; fallbacks %.0f%n",
                    contender.name(), rate, Percentiles.millis(t.tally.service(contender.expected()), 50),
                    Percentiles.millis(t.tally.service(contender.expected()), 99), t.cpuNanos / 1000.0 / answers,
                    t.redis.cpuNanos() / 1000.0 / answers, (double) t.switches / answers,
                    (double) t.redis.scriptCalls() / answers, rate / bare, verdict, t.tally.statuses(), t.cacheHits,
                    t.fallbacks);
        }
    }

    private static double cacheHits(Ingress ingress) {
        return ingress.registry().find("stagedoor.admission.refusal.cache.hits").counters().stream()
                .mapToDouble(Counter::count).sum();
    }

    /** Decisions a fallback took because Redis did not answer within the limiter's deadline (fail open). */
    private static double fallbacks(Ingress ingress) {
        return ingress.registry().find("stagedoor.admission.fallback.decisions").counters().stream()
                .mapToDouble(Counter::count).sum();
    }

    private static void awaitEvent(int port, HttpRequests http) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        try (HttpConnection connection = new HttpConnection(HOST, port)) {
            while (connection.exchange(http.get("/v1/events/" + EVENT, null)).status() != 200) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the ingress never saw event " + EVENT);
                }
                Thread.sleep(100);
            }
        }
    }

    /** One kind of request and the status it should get. */
    private record Contender(String key, String name, int expected, RequestSource source) {
    }

    /** A contender's rounds, summed. */
    private static final class Totals {
        final Tally tally = new Tally();
        long cpuNanos;
        long switches;
        RedisCpu.Reading redis = new RedisCpu.Reading(0, 0);
        double cacheHits;
        double fallbacks;

        double perSecond(int status) {
            return tally.perSecond(status);
        }
    }
}
