package io.stagedoor.harness.demo;

import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.harness.DemoAccounts;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.harness.load.LatencySamples;
import io.stagedoor.audit.run.Audit;
import io.stagedoor.audit.AuditOptions;
import io.stagedoor.audit.report.AuditReport;
import io.stagedoor.client.StagedoorClient;
import io.stagedoor.embedded.EmbeddedRedis;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.WaitingRoomSettings;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The scripted on-sale against a running pipeline, from outside its process: after a {@link Rehearsal} that warms
 * the pipeline, defines the event with its room opening shortly, lets the crowd, the office and the script in,
 * stops Redis in the middle, sends the phones to the gate once the sale is over, and audits the window; meanwhile
 * it reads the room's fallback counter from the ingress's {@code /metrics}, to tell the answers given while Redis
 * was up from those of the outage. {@link #run} returns the report.
 */
final class OnSale {

    /** How long after Redis is back its fallbacks may still decide: the breaker stays open this long, then probes. */
    static final Duration BREAKER_RECOVERY = Duration.ofSeconds(3);
    /** The office's address, from the documentation range (RFC 5737). */
    static final String OFFICE_ADDRESS = "198.51.100.23";
    /** How far past the window the audit reads results, and forgives records at its edges. */
    static final Duration AUDIT_EDGE = Duration.ofSeconds(5);

    private final DemoTarget pipeline;
    private final TopicNames topics;
    private final DemoSettings settings;
    private final CrowdTally tally = new CrowdTally();
    private final BuyerTokens tokens = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());

    OnSale(DemoTarget pipeline, TopicNames topics, DemoSettings settings) {
        this.pipeline = pipeline;
        this.topics = topics;
        this.settings = settings;
    }

    CrowdTally tally() {
        return tally;
    }

    DemoReport run() throws InterruptedException, IOException {
        URI base = pipeline.base();
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(StagedoorClient.Builder.DEFAULT_CONNECT_TIMEOUT).build();
        OfficeNetwork officeWay = new OfficeNetwork(http, OFFICE_ADDRESS);
        OfficeTally office = new OfficeTally(tally);
        try (http; StagedoorClient crowdClient = StagedoorClient.builder().baseUri(base).httpClient(http)
                .listener(tally).build();
             StagedoorClient officeClient = StagedoorClient.builder().baseUri(base).httpClient(officeWay)
                     .listener(office).build()) {
            tally.phase(Phase.REHEARSAL);
            Rehearsal.play(pipeline, topics, http, settings, this::token);
            return sale(http, crowdClient, officeClient, office, ServiceFigures.read(pipeline.metrics().read()));
        }
    }

    /** The demo's own sale, once the rehearsal is over; {@code before} is what the service had counted until then. */
    private DemoReport sale(HttpClient http, StagedoorClient crowdClient, StagedoorClient officeClient,
                            OfficeTally office, ServiceFigures before) throws InterruptedException, IOException {
        URI base = pipeline.base();
        try (FallbackSampler fallbacks = FallbackSampler.start(pipeline.metrics(), Clock.systemUTC())) {
            Instant from = Instant.now();
            Instant opensAt = EventOpening.define(pipeline.kafka(), topics, http, base, settings);
            tally.phase(Phase.QUEUEING);
            Duration patience = settings.resultWait().multipliedBy(4);
            Visit crowdVisit = new Visit(crowdClient, tally, DemoEvent.EVENT_ID, settings.resultWait());
            Visit officeVisit = new Visit(officeClient, tally, DemoEvent.EVENT_ID, settings.resultWait());
            Crowd crowd = new Crowd(settings, buyer -> Crowd.inOffice(buyer, settings) ? officeVisit : crowdVisit,
                    buyer -> token("buyer-" + buyer), new SeatPicker(DemoEvent.seats(), settings.seed()), tally);
            Script script = settings.script() ? new Script(crowdClient, token(Script.BUYER), DemoEvent.EVENT_ID,
                    DemoEvent.seats(), Script.BLOCK,
                    settings.resultWait()) : null;
            CompletableFuture<Void> scripted = script == null ? CompletableFuture.completedFuture(null)
                    : CompletableFuture.runAsync(() -> script.run(tally, patience), Thread::startVirtualThread);
            Optional<RedisOutage> outage = outage(opensAt);
            Thread.ofVirtual().start(() -> {
                sleepUntil(opensAt);
                if (tally.phase() == Phase.QUEUEING) {
                    tally.phase(Phase.ON_SALE);
                }
            });
            crowd.run(opensAt);
            if (script != null) {
                script.stop();
            }
            await(scripted);
            Instant scriptStopped = Instant.now();
            outage.ifPresent(RedisOutage::awaitEnd);
            tally.phase(Phase.AT_THE_GATE);
            List<String> sold = crowd.tickets();
            new Gate(http, base, DemoAccounts.GATE_KEY, tally).run(sold.subList(0, Math.min(settings.scans(),
                    sold.size())), settings.phones(), settings.rescanShare());
            Instant to = Instant.now();
            fallbacks.stop();
            ServiceFigures service = ServiceFigures.read(pipeline.metrics().read()).since(before);
            SaleHealth health = health(fallbacks, outage, from, opensAt);
            tally.phase(Phase.AUDIT);
            AuditReport audit = Audit.run(AuditOptions.of(pipeline.kafka(), topics, from.minusSeconds(1), to)
                    .withEdge(AUDIT_EDGE));
            tally.phase(Phase.DONE);
            return new DemoReport(settings, from, to, DemoEvent.seats().size(), tally, office, OFFICE_ADDRESS,
                    script == null ? null : share(script, scriptStopped, outage), outage.map(RedisOutage::stoppedAt)
                    .orElse(null), outage.map(RedisOutage::startedAt).orElse(null), service, health, audit);
        }
    }

    private SaleHealth health(FallbackSampler sampled, Optional<RedisOutage> outage, Instant from, Instant opensAt) {
        Instant down = outage.map(RedisOutage::stoppedAt).orElse(null);
        Instant recovered = outage.map(RedisOutage::startedAt).map(at -> at.plus(BREAKER_RECOVERY)).orElse(null);
        Instant lastHold = tally.lastHoldAccepted() == null ? opensAt : tally.lastHoldAccepted();
        Duration onSale = lastHold.isAfter(opensAt) ? Duration.between(opensAt, lastHold) : Duration.ZERO;
        LatencySamples holds = tally.holdLatency.all();
        Instant windowTo = down == null ? null : recovered;
        return new SaleHealth(from, sampled.timeline().split(down, windowTo), down != null, settings.buyers(),
                sampled.checkoutSheds().split(down, windowTo), tally.checkoutRequests.get(),
                tally.checkoutCalls.get(), tally.holdsAccepted.get(), onSale, holds.quantile(0.5), holds.quantile(0.99),
                tally.holdLatency.outside(down, recovered).quantile(0.99), settings.e2eP99());
    }

    private Optional<RedisOutage> outage(Instant opensAt) {
        Optional<EmbeddedRedis> redis = pipeline.embeddedRedis();
        if (!settings.outage() || redis.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(RedisOutage.play(redis.get(), tally, opensAt.plus(settings.outageAfter()),
                settings.outageFor()));
    }

    private ScriptShare share(Script script, Instant stopped, Optional<RedisOutage> outage) {
        long during = outage.map(down -> script.seatsAccepted(at -> down.covers(at, BREAKER_RECOVERY))).orElse(0L);
        long all = script.seatsAccepted(at -> true);
        LimitPolicy bucket = Limits.defaults().policy("buyer-seats");
        Instant started = script.started() == null ? stopped : script.started();
        long activeMillis = Math.max(0, Duration.between(started, stopped).toMillis());
        // Redis keeps nothing on disk: back from the outage it knows no bucket, so the burst is there again.
        boolean restarted = outage.map(down -> down.startedAt() != null && down.startedAt().isAfter(started))
                .orElse(false);
        long allowance = bucket.capacity() * (restarted ? 2 : 1)
                + activeMillis * bucket.refillTokens() / bucket.refillPeriodMillis();
        return new ScriptShare(script.holdsAccepted(), all, all - during, during, allowance, script.seatsHeld(),
                DemoEvent.seats().size(), settings.buyers() + 1, script.rejected().byReason());
    }

    private String token(String buyer) {
        return tokens.issue(buyer, Duration.ofHours(1));
    }

    private static void await(CompletableFuture<Void> done) throws InterruptedException {
        try {
            done.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(HarnessMessages.scriptFailed(e.getCause()), e.getCause());
        }
    }

    private static void sleepUntil(Instant at) {
        try {
            Thread.sleep(Math.max(0, Duration.between(Instant.now(), at).toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
