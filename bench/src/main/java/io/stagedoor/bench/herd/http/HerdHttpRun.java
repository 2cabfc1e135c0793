package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.HttpRequests;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The run's phases on a started stack, the bare route probed throughout: a warm-up crowd through a room of its own;
 * then the measured event, defined and paused: idle (nobody there yet), joins (everyone joins, and polls when told;
 * nobody is admitted), polls only (still paused), admission (resumed, until everyone is admitted). Each phase that
 * waits for the crowd stops at its own deadline or the run's, whichever comes first; a phase so stopped ends the run.
 */
final class HerdHttpRun {

    static final String EVENT = "herd-http";
    static final String WARMUP_EVENT = "herd-http-warmup";
    private static final long POLL_MILLIS = 50;

    /** What the run measured: its phases, and the window the audit judges. */
    record Outcome(List<PhaseFigures> phases, Instant from, Instant to, long admitted, String joinStatuses,
                   String pollStatuses, String endings, long bareFailures) {

        boolean complete() {
            return phases.stream().allMatch(PhaseFigures::complete);
        }
    }

    private final HerdHttpSettings settings;
    private final HerdStack stack;
    private final RoomOperator operator;
    private final long runDeadline;

    HerdHttpRun(HerdHttpSettings settings, HerdStack stack, long runDeadlineNanos) {
        this.settings = settings;
        this.stack = stack;
        this.operator = new RoomOperator(stack.backend().kafkaBootstrap(), stack.ingresses());
        this.runDeadline = runDeadlineNanos;
    }

    RoomOperator operator() {
        return operator;
    }

    Outcome run(BuyerPasses warmupBuyers, BuyerPasses buyers) throws Exception {
        String host = NginxBalancer.HOST;
        int port = stack.nginx().port();
        HttpRequests http = new HttpRequests(host, port);
        LatencyLog latencies = new LatencyLog();
        List<PhaseFigures> phases = new ArrayList<>();
        try (BareProbe probe = BareProbe.start(host, port, settings.bareRate(), latencies);
             PhaseMeter meter = new PhaseMeter(stack, latencies)) {
            if (warmupBuyers.size() > 0) {
                warmUp(new BuyerCrowd(WARMUP_EVENT, warmupBuyers, http, latencies), host, port);
            }
            // After the warm-up's last answer, so none of its room steps (stamped before it) falls in the window.
            Instant from = Instant.now();
            operator.define(EVENT, settings.rate());
            operator.pause(EVENT, true);
            BuyerCrowd crowd = new BuyerCrowd(EVENT, buyers, http, latencies);
            try (CrowdDriver driver = CrowdDriver.start(crowd, host, port, settings.connections())) {
                meter.start(crowd);
                boolean going = awaitFor(settings.idle());
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
            return new Outcome(phases, from, Instant.now().plusSeconds(1), crowd.counts().admitted(),
                    crowd.statuses(true), crowd.statuses(false), crowd.endings(), probe.failures());
        }
    }

    /** The warm-up crowd through an open room of its own, at the run's join rate; its figures are not kept. */
    private void warmUp(BuyerCrowd crowd, String host, int port) throws Exception {
        operator.define(WARMUP_EVENT, Math.max(settings.rate(), settings.joinRate()));
        try (CrowdDriver driver = CrowdDriver.start(crowd, host, port, settings.connections())) {
            crowd.scheduleJoins(System.nanoTime(), settings.joinRate());
            Duration allowed = Duration.ofMillis(Math.round(crowd.size() * 3_000 / settings.joinRate())).plusMinutes(1);
            if (!await(() -> crowd.finished() >= crowd.size(), allowed)) {
                throw new IllegalStateException("the warm-up did not finish within " + allowed.toSeconds() + " s: "
                        + crowd.counts() + "; joins " + crowd.statuses(true) + "; polls " + crowd.statuses(false));
            }
        }
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
}
