package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.HttpRequests;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * The run's phases on a started stack, the bare route probed throughout: a warm-up crowd through a room of its own,
 * the first of them admitted holding a seat each; then the measured event, defined and paused: idle (nobody there
 * yet), joins (everyone joins, and polls when told; nobody is admitted), polls only (still paused), admission
 * (resumed, until everyone is admitted); then at saturation, every request due at once: fresh buyers joining a paused
 * room of their own, and the first buyers admitted holding a seat each. Each phase that waits for the crowd stops at
 * its own deadline or the run's, whichever comes first; a phase stopped by its deadline ends the run, one at
 * saturation only when the run's deadline stopped it (its own bound is its length).
 */
final class HerdHttpRun {

    static final String EVENT = "herd-http";
    static final String WARMUP_EVENT = "herd-http-warmup";
    static final String RUSH_EVENT = "herd-http-rush";
    private static final long POLL_MILLIS = 50;
    private static final Duration WARMUP_HOLDS_ALLOWED = Duration.ofMinutes(1);
    /** After the warm-up's holds, so the broker, the inventory and the results are done with them before idle. */
    private static final Duration SETTLE = Duration.ofSeconds(3);

    /** What the run measured: its phases, the window the audit judges, and the phases at saturation. */
    record Outcome(List<PhaseFigures> phases, Instant from, Instant to, long admitted, String joinStatuses,
                   String pollStatuses, String endings, long bareFailures, Saturation saturation) {

        boolean complete() {
            return phases.stream().allMatch(PhaseFigures::complete) && saturation.complete();
        }
    }

    private final HerdHttpSettings settings;
    private final HerdStack stack;
    private final RoomOperator operator;
    private final long runDeadline;
    private final String host = NginxBalancer.HOST;
    private final int port;
    private final HttpRequests http;

    HerdHttpRun(HerdHttpSettings settings, HerdStack stack, long runDeadlineNanos) {
        this.settings = settings;
        this.stack = stack;
        this.operator = new RoomOperator(stack.backend().kafkaBootstrap(), stack.ingresses(),
                settings.queueing());
        this.runDeadline = runDeadlineNanos;
        this.port = stack.nginx().port();
        this.http = new HttpRequests(host, port);
    }

    RoomOperator operator() {
        return operator;
    }

    Outcome run(BuyerPasses warmupBuyers, BuyerPasses buyers, BuyerPasses rushBuyers) throws Exception {
        LatencyLog latencies = new LatencyLog();
        List<PhaseFigures> phases = new ArrayList<>();
        try (BareProbe probe = BareProbe.start(host, port, settings.bareRate(), latencies);
             PhaseMeter meter = new PhaseMeter(stack, latencies)) {
            String warmupHolds = "none";
            if (warmupBuyers.size() > 0) {
                warmupHolds = warmUp(BuyerCrowd.polling(WARMUP_EVENT, warmupBuyers, http, latencies,
                        settings.warmupHolds()), warmupBuyers, latencies);
            }
            // After the warm-up's last answer, so none of its room steps (stamped before it) falls in the window.
            Instant from = Instant.now();
            operator.define(EVENT, settings.rate(), HerdHttpSettings.seatsFor(settings.holdBuyers()));
            operator.pause(EVENT, true);
            BuyerCrowd crowd = BuyerCrowd.polling(EVENT, buyers, http, latencies, settings.holdBuyers());
            boolean going;
            try (CrowdDriver driver = CrowdDriver.start(crowd, host, port, settings.connections())) {
                meter.start(crowd);
                going = awaitFor(settings.idle());
                phases.add(meter.end("idle (paused, nobody yet)", going));
                if (going) {
                    crowd.scheduleJoins(System.nanoTime(), settings.joinRate());
                    going = await(() -> crowd.counts().joined() >= crowd.size(), settings.joinsAllowed());
                    phases.add(meter.end("joins (paused)", going));
                }
                if (going) {
                    going = awaitFor(settings.pollOnly());
                    phases.add(meter.end("polls only (paused)", going));
                }
                if (going) {
                    operator.pause(EVENT, false);
                    going = await(() -> crowd.finished() >= crowd.size(), settings.admissionAllowed());
                    phases.add(meter.end("admission (resumed)", going));
                }
            }
            Saturation saturation = going ? saturate(meter, latencies, crowd.passes(), buyers, rushBuyers, warmupHolds)
                    : Saturation.skipped(warmupHolds);
            return new Outcome(phases, from, Instant.now().plusSeconds(1), crowd.counts().admitted(),
                    crowd.statuses(true), crowd.statuses(false), crowd.endings(), probe.failures(), saturation);
        }
    }

    /**
     * The warm-up crowd through an open room of its own, at the run's join rate, then the first of them admitted
     * holding a seat each, so the hold route is compiled before it is measured; its figures are not kept.
     *
     * @return the warm-up holds' answers, for the record
     */
    private String warmUp(BuyerCrowd crowd, BuyerPasses buyers, LatencyLog latencies) throws Exception {
        operator.define(WARMUP_EVENT, Math.max(settings.rate(), settings.joinRate()),
                HerdHttpSettings.seatsFor(settings.warmupHolds()));
        try (CrowdDriver driver = CrowdDriver.start(crowd, host, port, settings.connections())) {
            crowd.scheduleJoins(System.nanoTime(), settings.joinRate());
            Duration allowed = Duration.ofMillis(Math.round(crowd.size() * 3_000 / settings.joinRate())).plusMinutes(1);
            if (!await(() -> crowd.finished() >= crowd.size(), allowed)) {
                throw new IllegalStateException("the warm-up did not finish within " + allowed.toSeconds() + " s: "
                        + crowd.counts() + "; joins " + crowd.statuses(true) + "; polls " + crowd.statuses(false));
            }
        }
        HoldingCrowd holders = new HoldingCrowd(WARMUP_EVENT, crowd.passes(), buyers, http, latencies);
        if (holders.size() == 0) {
            return "none";
        }
        String answers;
        try (CrowdDriver driver = CrowdDriver.start(holders, host, port, settings.connections())) {
            holders.scheduleAtOnce(System.nanoTime());
            boolean done = await(() -> holders.counts().holds() >= holders.size(), WARMUP_HOLDS_ALLOWED);
            answers = String.format(Locale.ROOT, "%,d holds%s: %s", holders.size(),
                    done ? "" : " (not all answered within " + WARMUP_HOLDS_ALLOWED.toSeconds() + " s)",
                    holders.statuses());
        }
        Thread.sleep(SETTLE.toMillis());
        return answers;
    }

    /**
     * Fresh buyers joining a paused room of their own, then the admitted buyers whose passes {@code crowd} kept
     * holding a seat each: every request due at once, so the connections offer as much as the stack answers.
     */
    private Saturation saturate(PhaseMeter meter, LatencyLog latencies, List<BuyerCrowd.Pass> passes,
                                BuyerPasses buyers, BuyerPasses rushBuyers, String warmupHolds) throws Exception {
        List<PhaseFigures> phases = new ArrayList<>();
        String rushStatuses = "none";
        if (rushBuyers.size() > 0) {
            operator.define(RUSH_EVENT, settings.rate(), HerdHttpSettings.seatsFor(0));
            operator.pause(RUSH_EVENT, true);
            BuyerCrowd rush = BuyerCrowd.joinOnly(RUSH_EVENT, rushBuyers, http, latencies);
            try (CrowdDriver driver = CrowdDriver.start(rush, host, port, settings.rushConnections())) {
                meter.start(rush);
                rush.scheduleJoinsAtOnce(System.nanoTime());
                boolean going = window(() -> rush.counts().joined() >= rush.size(), settings.rushLength());
                phases.add(meter.end(Saturation.JOINS, going));
                rushStatuses = rush.statuses(true);
            }
        }
        HoldingCrowd holders = new HoldingCrowd(EVENT, passes, buyers, http, latencies);
        String holdStatuses = "none";
        if (holders.size() > 0 && phases.stream().allMatch(PhaseFigures::complete)) {
            try (CrowdDriver driver = CrowdDriver.start(holders, host, port, settings.connections())) {
                meter.start(holders);
                holders.scheduleAtOnce(System.nanoTime());
                boolean going = window(() -> holders.counts().holds() >= holders.size(), settings.holdLength());
                phases.add(meter.end(Saturation.HOLDS, going));
                holdStatuses = holders.statuses();
            }
        }
        return new Saturation(phases, rushBuyers.size(), rushStatuses, holders.size(), holdStatuses, warmupHolds);
    }

    /** Waits until {@code done} or {@code allowed} (or the run's deadline) has passed; true when done. */
    private boolean await(BooleanSupplier done, Duration allowed) throws InterruptedException {
        long until = Math.min(runDeadline, System.nanoTime() + allowed.toNanos());
        while (!done.getAsBoolean()) {
            if (System.nanoTime() >= until) {
                return false;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return true;
    }

    /** A measurement window: lets {@code length} pass; false when the run's deadline cut it short. */
    private boolean awaitFor(Duration length) throws InterruptedException {
        long end = System.nanoTime() + length.toNanos();
        await(() -> System.nanoTime() >= end, length);
        return System.nanoTime() >= end;
    }

    /** A window bounded twice: until {@code done} or {@code length} has passed; false when the run's deadline cut it. */
    private boolean window(BooleanSupplier done, Duration length) throws InterruptedException {
        long end = System.nanoTime() + length.toNanos();
        BooleanSupplier over = () -> done.getAsBoolean() || System.nanoTime() >= end;
        await(over, length);
        return over.getAsBoolean();
    }
}
