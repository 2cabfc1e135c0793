package io.stagedoor.bench.gateway;

import io.stagedoor.bench.load.BackendProcess;
import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.Flags;
import io.stagedoor.bench.load.Machine;
import io.stagedoor.bench.load.RedisCpu;
import io.stagedoor.bench.storm.Wrk;
import io.stagedoor.bench.storm.WrkRounds;
import io.stagedoor.topics.TopicSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Stagedoor's ingress side by side with the gateway a Java team would pick instead, Spring Cloud Gateway with its
 * RedisRateLimiter at the same buyer limit (10 holds, then one per 6 s) forwarding to nginx, and with nginx itself
 * answering 429 or 202 (the physical limit of saying no or yes over HTTP here). Each is a process of its own and
 * measured alone, in alternating rounds, by wrk: a retry storm of spent buyers (new ones each round, drained in Redis before it),
 * fresh buyers each admitted, and the bare route. Then a shed volley ({@link ShedVolley}): an ingress with a tiny
 * door ({@code --door} requests in flight) kept full by fresh holds, stormed by spent buyers, its bare route driven
 * in the same volley by a third wrk. Prints req/s,
 * p50/p99, statuses, the CPU per request of each server, of what works behind it and of Redis, the same-run ratios,
 * and the ingress's fallback decisions (while Redis is up they must be 0).
 *
 * <p>Flags: {@code --seconds 10 --rounds 2 --warmup 5 --connections 64 --threads 2 --storm-buyers 2000
 * --fresh-buyers 200000 --door 4 --bare-connections 4 --heap 1g --scenarios storm,fresh,bare,volley}.
 */
public final class GatewayBenchmark {

    private GatewayBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Flags flags = Flags.parse(args);
        WrkRounds plan = WrkRounds.read(flags);
        int spentBuyers = Math.max(2, flags.integer("storm-buyers", 2_000));
        int freshBuyers = flags.integer("fresh-buyers", 200_000);
        int door = flags.integer("door", 4);
        int bareConnections = flags.integer("bare-connections", 4);
        String heap = flags.text("heap", "1g");
        List<String> chosen = List.of(flags.text("scenarios", "storm,fresh,bare,volley").split(","));
        flags.rejectUnknown();

        Path log = Path.of(System.getProperty("bench.log", "bench.log"));
        Path dir = Files.createTempDirectory("stagedoor-gateway-");
        BuyerPasses fresh = new BuyerPasses("gw-fresh", freshBuyers);
        try (BackendProcess backend = BackendProcess.start(dir.resolve("backend"), TopicSettings.DEFAULT_PARTITIONS);
             NginxPeer nginx = NginxPeer.start(Path.of(log + "-nginx"));
             IngressProcess ingress = IngressProcess.start("stagedoor", backend.kafkaBootstrap(), backend.redisUri(),
                     dir, heap, List.of(Peers.OPEN_ORGANIZER), Path.of(log + "-ingress"));
             IngressProcess smallDoor = IngressProcess.start("stagedoor-door", backend.kafkaBootstrap(),
                     backend.redisUri(), dir, heap, List.of(Peers.OPEN_ORGANIZER, "ingress.max-in-flight=" + door),
                     Path.of(log + "-ingress-door"));
             GatewayPeerProcess scg = GatewayPeerProcess.start(nginx.upstreamUri(), backend.redisUri(), heap,
                     Path.of(log + "-scg"));
             RedisCpu redis = new RedisCpu(backend.redisUri())) {
            Peers peers = new Peers(Wrk.script(), plan.threads(), plan.connections(), spentBuyers, fresh, backend);
            peers.defineEvent(ingress, smallDoor);
            List<Contender> contenders = List.of(peers.stagedoor("stagedoor", ingress), peers.gateway(scg, nginx),
                    peers.nginx(nginx));
            Contender doorContender = peers.stagedoor("stagedoor door " + door, smallDoor);
            System.out.printf(Locale.ROOT, "ingress (own JVM -Xmx%s) on 127.0.0.1:%d, its twin with a door of %d "
                            + "on :%d; Spring Cloud Gateway 5.0.4 + RedisRateLimiter (own JVM -Xmx%s) on 127.0.0.1:%d "
                            + "forwarding to nginx 202 on %s:%d; nginx 429 on %s:%d; Kafka, workers and Redis in another "
                            + "JVM; wrk -t%d -c%d, rounds of %d s x %d after %d s warm-up per scenario and contender; "
                            + "%d new spent buyers per storm round, %d fresh buyers; %s%n", heap, ingress.port(), door,
                    smallDoor.port(), heap, scg.port(), NginxPeer.UPSTREAM_HOST, nginx.upstreamPort(),
                    NginxPeer.REFUSER_HOST, nginx.refuserPort(), plan.threads(), plan.connections(), plan.round().toSeconds(),
                    plan.rounds(), plan.warmup().toSeconds(), spentBuyers, fresh.size(), Machine.describe());
            System.out.println("CPU per request: server = the contender's process (nginx with its workers); behind = "
                    + "the backend JVM (Kafka, workers) for Stagedoor, the nginx upstream for the gateway; redis = "
                    + "Redis's own INFO cpu. fallbacks: stagedoor.admission.fallback.decisions for Stagedoor, the "
                    + "requests RedisRateLimiter let through when Redis erred (its log) for the gateway");
            RoundMeter meter = new RoundMeter(redis);
            warmUp(contenders, doorContender, meter, plan.warmup());
            RoundTable table = new RoundTable(System.out);
            table.header();
            double fallbacks = 0;
            for (Scenario scenario : Scenario.values()) {
                if (!chosen.contains(scenario.name().toLowerCase(Locale.ROOT))) {
                    continue;
                }
                for (int r = 0; r < plan.rounds(); r++) {
                    List<RoundMeter.Figures> figures = new ArrayList<>();
                    for (int turn = 0; turn < contenders.size(); turn++) {
                        // alternating: each round starts with the next contender, none always runs first or last
                        figures.add(roundOf(contenders.get((turn + r) % contenders.size()), scenario, meter, plan.round()));
                    }
                    figures.sort(Comparator.comparingInt(f -> indexOf(contenders, f.contender())));
                    int shown = r + 1;
                    figures.forEach(f -> table.row(scenario.title(), shown, f));
                    table.ratios(figures);
                    fallbacks += figures.getFirst().fallbacks();
                }
            }
            if (chosen.contains("volley")) {
                fallbacks += new ShedVolley(peers, doorContender, meter, table, bareConnections)
                        .run(plan.rounds(), plan.round());
            }
            System.out.printf(Locale.ROOT, "stagedoor.admission.fallback.decisions of the ingresses while Redis was up: "
                    + "%.0f (target 0: %s); load average after: %s%n", fallbacks, fallbacks == 0 ? "met" : "NOT met",
                    Machine.loadAverage());
        }
    }

    private static RoundMeter.Figures roundOf(Contender contender, Scenario scenario, RoundMeter meter, Duration round)
            throws Exception {
        Path tokens = scenario == Scenario.STORM ? contender.spent().next() : contender.tokens().get(scenario);
        return meter.measure(contender, round, contender.wrks().get(scenario), tokens);
    }

    private static void warmUp(List<Contender> contenders, Contender door, RoundMeter meter, Duration warmup)
            throws Exception {
        List<Contender> all = new ArrayList<>(contenders);
        all.add(door);
        for (Contender contender : all) {
            for (Scenario scenario : Scenario.values()) {
                roundOf(contender, scenario, meter, warmup);
            }
        }
    }

    private static int indexOf(List<Contender> contenders, String name) {
        for (int i = 0; i < contenders.size(); i++) {
            if (contenders.get(i).name().equals(name)) {
                return i;
            }
        }
        return contenders.size();
    }
}
