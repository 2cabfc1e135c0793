package io.stagedoor.bench.gateway;

import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.bench.load.BackendProcess;
import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.SpentBuckets;
import io.stagedoor.bench.storm.Wrk;
import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * The three contenders on one set of buyers: Stagedoor's ingress (bearer tokens, drained through Stagedoor's own
 * limiter), the Spring Cloud Gateway peer (the same buyers' ids in its header, drained in its Redis keys) and nginx
 * (no limiter: 429 for the storm, 202 for fresh buyers and the bare route).
 */
final class Peers {

    static final String EVENT = "gateway-event";
    static final String SEAT = "s1";
    static final String HOLDS = "/v1/events/" + EVENT + "/holds";
    static final String LIVE = "/health/live";
    /** Fresh buyers are limited only by their own bucket, as the SCG peer has no organizer limit. */
    static final String OPEN_ORGANIZER = "limits.organizer-holds=1000000000,1000000000,PT1S";

    private final Path script;
    private final int threads;
    private final int connections;
    private final int spentBuyers;
    private final BackendProcess backend;
    private final Path freshTokens;
    private final Path freshIds;
    private final Path bareIds;
    private final AtomicInteger spentSets = new AtomicInteger();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** {@code spentBuyers} in each storm round (at least two), {@code fresh} buyers for every fresh round. */
    Peers(Path script, int threads, int connections, int spentBuyers, BuyerPasses fresh, BackendProcess backend)
            throws IOException {
        this.script = script;
        this.threads = threads;
        this.connections = connections;
        this.spentBuyers = spentBuyers;
        this.backend = backend;
        this.freshTokens = Wrk.tokenFile(fresh.size(), fresh::token);
        this.freshIds = Wrk.tokenFile(fresh.size(), fresh::buyerId);
        this.bareIds = Wrk.tokenFile(1, i -> "bare");
    }

    /** Writes the benchmark's event to the events topic and waits until every ingress serves it. */
    void defineEvent(IngressProcess... ingresses) throws Exception {
        List<String> seats = IntStream.rangeClosed(1, 100).mapToObj(i -> "s" + i).toList();
        Pipeline.publishEvent(backend.kafkaBootstrap(), TopicNames.defaults(),
                new EventDefinition(EVENT, "Gateway", "org-gateway", Instant.EPOCH, seats, 5_000, null));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (IngressProcess ingress : ingresses) {
            URI event = URI.create("http://" + IngressProcess.HOST + ":" + ingress.port() + "/v1/events/" + EVENT);
            while (http.send(HttpRequest.newBuilder(event).GET().build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode() != 200) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(ingress.server().name() + " never served event " + EVENT);
                }
                Thread.sleep(100);
            }
        }
    }

    Contender stagedoor(String name, IngressProcess ingress) {
        Wrk holds = wrk(Wrk.Target.holds(ingress.port(), HOLDS, SEAT));
        AdminMetrics metrics = new AdminMetrics(IngressProcess.HOST, ingress.adminPort());
        ProcessHandle backendJvm = backend.process();
        return new Contender(name, ingress.server(), false,
                Map.of(Scenario.STORM, holds, Scenario.FRESH, holds,
                        Scenario.BARE, wrk(Wrk.Target.get(IngressProcess.HOST, ingress.port(), LIVE))),
                Map.of(Scenario.FRESH, freshTokens, Scenario.BARE, bareIds),
                () -> spentStagedoorBuyers(ingress), () -> ServerProcess.cpuNanos(backendJvm),
                () -> metrics.sum(AdminMetrics.FALLBACKS));
    }

    Contender gateway(GatewayPeerProcess scg, NginxPeer nginx) {
        Wrk holds = wrk(new Wrk.Target(GatewayPeerProcess.HOST, scg.port(), "POST", HOLDS, SEAT,
                GatewayPeerProcess.BUYER_HEADER, ""));
        PeerBuckets buckets = new PeerBuckets(scg.port(), HOLDS);
        return new Contender("scg", scg.server(), false,
                Map.of(Scenario.STORM, holds, Scenario.FRESH, holds,
                        Scenario.BARE, wrk(Wrk.Target.get(GatewayPeerProcess.HOST, scg.port(),
                                GatewayPeerProcess.BARE_PATH))),
                Map.of(Scenario.FRESH, freshIds, Scenario.BARE, bareIds),
                () -> spentGatewayBuyers(buckets), () -> nginx.server().cpuNanos(true), scg::failOpenDecisions);
    }

    Contender nginx(NginxPeer nginx) {
        return new Contender("nginx", nginx.server(), true,
                Map.of(Scenario.STORM, wrk(holdsAt(NginxPeer.REFUSER_HOST, nginx.refuserPort())),
                        Scenario.FRESH, wrk(holdsAt(NginxPeer.UPSTREAM_HOST, nginx.upstreamPort())),
                        Scenario.BARE, wrk(Wrk.Target.get(NginxPeer.UPSTREAM_HOST, nginx.upstreamPort(),
                                GatewayPeerProcess.BARE_PATH))),
                Map.of(Scenario.FRESH, freshIds, Scenario.BARE, bareIds),
                () -> freshIds, () -> -1L, () -> Double.NaN);
    }

    /** A wrk of {@code threads} and {@code connections} other than the contenders' own, on {@code target}. */
    Wrk wrk(Wrk.Target target, int threads, int connections) {
        return new Wrk(script, target, threads, connections);
    }

    Path freshTokens() {
        return freshTokens;
    }

    Path bareTokens() {
        return bareIds;
    }

    private Wrk wrk(Wrk.Target target) {
        return wrk(target, threads, connections);
    }

    private static Wrk.Target holdsAt(String host, int port) {
        return new Wrk.Target(host, port, "POST", HOLDS, SEAT, GatewayPeerProcess.BUYER_HEADER, "");
    }

    /** New buyers, their whole burst taken through Stagedoor's own limiter; the last one is asked to prove it. */
    private Path spentStagedoorBuyers(IngressProcess ingress) throws Exception {
        BuyerPasses spent = new BuyerPasses("gw-spent-" + spentSets.incrementAndGet(), spentBuyers);
        LimitPolicy buyerSeats = StagedoorConfig.load(null, System.getenv(), List.of()).ingress("unused").build()
                .limits().policy("buyer-seats");
        long taken = SpentBuckets.drain(backend.redisUri(), TopicNames.defaults().namespace(), buyerSeats, spent);
        HttpRequest last = HttpRequest.newBuilder(URI.create("http://" + IngressProcess.HOST + ":" + ingress.port()
                        + HOLDS)).header("Authorization", "Bearer " + spent.token(spent.size() - 1))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"" + SEAT + "\"]}")).build();
        HttpResponse<String> answer = http.send(last, HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 429) {
            throw new IllegalStateException("a drained buyer was answered " + answer.statusCode() + " by "
                    + ingress.server().name() + " (" + taken + " of " + spent.size() + " bursts taken in Redis): "
                    + answer.body());
        }
        return Wrk.tokenFile(spent.size(), spent::token);
    }

    /** New buyers, drained in the gateway peer's Redis keys. */
    private Path spentGatewayBuyers(PeerBuckets buckets) throws Exception {
        String set = "gw-spent-" + spentSets.incrementAndGet() + "-";
        List<String> ids = IntStream.range(0, spentBuyers).mapToObj(i -> set + i).toList();
        buckets.drain(backend.redisUri(), ids);
        return Wrk.tokenFile(ids.size(), ids::get);
    }
}
