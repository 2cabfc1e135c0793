package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.herd.http.LatencyLog.Latencies;
import io.stagedoor.bench.herd.http.LatencyLog.Route;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The figures the run is for, each with how it was got: Redis commands per join, per poll and per admission, Redis
 * bytes per waiting buyer, the routes' rates and p99s over the run with the poll's p99 over the bare route's, and
 * the ingresses' CPU per join and per poll. "Net" figures take off what the phase would have cost without its own
 * kind of request, at the rate another phase measured: the idle phase for the background, the polls-only phase for
 * the views' refreshes that polls cause whatever their number.
 */
final class Headlines {

    private final PrintStream out;

    Headlines(PrintStream out) {
        this.out = out;
    }

    /** {@code phases} in the run's order: idle, joins, polls only, admission (those that ran). */
    void print(List<PhaseFigures> phases) {
        PhaseFigures idle = phases.get(0);
        if (phases.size() < 3) {
            out.println("(the run stopped before the polls-only phase: no per-request figures)");
            return;
        }
        PhaseFigures joins = phases.get(1);
        PhaseFigures polls = phases.get(2);
        double pollRate = polls.commandsPerSecond();
        out.printf(Locale.ROOT, "Redis commands per join:      %s  (joins phase: %,d commands / %,d buyers given a "
                        + "ticket, in %,d join requests); net of the views' refreshes at the polls-only rate (%.1f/s x "
                        + "%.1f s): %s%n",
                f(PhaseFigures.per(joins.redis().commands(), joins.counts().joined()), 4), joins.redis().commands(),
                joins.counts().joined(), joins.counts().joins(), pollRate, joins.seconds(),
                f(PhaseFigures.per(joins.redis().commands() - pollRate * joins.seconds(), joins.counts().joined()), 4));
        out.printf(Locale.ROOT, "Redis commands per poll:      %s  (polls-only phase: %,d commands / %,d polls, "
                        + "%.1f commands/s against %.0f polls/s); net of the idle phase's %.1f/s: %s%n",
                f(PhaseFigures.per(polls.redis().commands(), polls.counts().polls()), 5), polls.redis().commands(),
                polls.counts().polls(), pollRate, polls.perSecond(polls.counts().polls()), idle.commandsPerSecond(),
                f(PhaseFigures.per(polls.redis().commands() - idle.commandsPerSecond() * polls.seconds(),
                        polls.counts().polls()), 5));
        if (phases.size() > 3) {
            PhaseFigures admission = phases.get(3);
            out.printf(Locale.ROOT, "Redis commands per admission: %s  (admission phase: %,d commands / %,d "
                            + "admitted, its %,d polls included); net of the polls-only rate: %s%n",
                    f(PhaseFigures.per(admission.redis().commands(), admission.counts().admitted()), 2),
                    admission.redis().commands(), admission.counts().admitted(), admission.counts().polls(),
                    f(PhaseFigures.per(admission.redis().commands() - pollRate * admission.seconds(),
                            admission.counts().admitted()), 2));
        }
        out.printf(Locale.ROOT, "Redis bytes per waiting buyer: %s  (used_memory %,d -> %,d bytes over the joins "
                        + "phase, %,d buyers then waiting)%n",
                f(PhaseFigures.per(joins.memoryGrowth(), joins.counts().joined()), 2), joins.memoryBefore(),
                joins.redis().usedMemory(), joins.counts().joined() - joins.counts().admitted());
        latencies(phases.subList(1, phases.size()));
        capacity(phases, polls);
        double pollCpu = PhaseFigures.per(polls.cpu().ingress(), polls.requests());
        out.printf(Locale.ROOT, "ingress CPU (both JVMs) per join: %s µs (joins phase, all its requests' CPU / joins); "
                        + "net of its polls and probes at the polls-only cost per request: %s µs%n",
                f(PhaseFigures.per(joins.cpu().ingress() / 1e3, joins.counts().joins()), 1),
                f(PhaseFigures.per((joins.cpu().ingress() - pollCpu * (joins.requests() - joins.counts().joins())) / 1e3,
                        joins.counts().joins()), 1));
        out.printf(Locale.ROOT, "ingress CPU (both JVMs) per poll: %s µs (polls-only phase: all its ingress CPU over "
                        + "the requests answered; for scale, the idle phase used %.2f cores with no request at all, "
                        + "mostly the JIT still compiling after the warm-up)%n", f(pollCpu / 1e3, 1),
                idle.cpu().ingress() / 1e9 / idle.seconds());
    }

    /**
     * The most polls a second the waiting crowd asked for against what the polls-only phase served, and how busy the
     * machine was then: when the crowd asked for more than the machine could serve, polls went out late, and latencies
     * from due measure that backlog while latencies from sent measure the stack.
     */
    private void capacity(List<PhaseFigures> phases, PhaseFigures polls) {
        double asked = phases.stream().mapToDouble(p -> p.counts().pollDemand()).max().orElse(0);
        PhaseFigures.Cpu cpu = polls.cpu();
        double cores = (cpu.ingress() + cpu.nginx() + cpu.backend() + cpu.redis() + cpu.driver()) / 1e9 / polls.seconds();
        out.printf(Locale.ROOT, "capacity: the waiting crowd asked for up to %.0f polls/s (1 / Retry-After summed over "
                        + "them); the polls-only phase served %.0f/s with %.2f of %d cores busy (ingresses, nginx, "
                        + "backend, Redis, driver) and its polls went out up to %s ms late (p99)%s%n", asked,
                polls.perSecond(polls.counts().polls()), cores, Runtime.getRuntime().availableProcessors(),
                f(polls.latencies().get(Route.POLL).lateMillis(99), 0), asked > polls.perSecond(polls.counts().polls())
                        ? ": the machine could not serve the crowd on time, so latencies from due measure the backlog"
                        : "");
    }

    /** Rates and p99s over every phase with traffic, and the poll's p99 over the bare route's in the same run. */
    private void latencies(List<PhaseFigures> traffic) {
        Latencies join = Latencies.empty();
        Latencies poll = Latencies.empty();
        Latencies bare = Latencies.empty();
        double seconds = 0;
        long polls = 0;
        for (PhaseFigures p : traffic) {
            join = join.plus(p.latencies().get(Route.JOIN));
            poll = poll.plus(p.latencies().get(Route.POLL));
            bare = bare.plus(p.latencies().get(Route.BARE));
            seconds += p.seconds();
            polls += p.counts().polls();
        }
        PhaseFigures joinsPhase = traffic.getFirst();
        out.printf(Locale.ROOT, "joins: %.0f/s over the joins phase, p50 %s ms, p99 %s ms (sent: p99 %s ms)%n",
                joinsPhase.perSecond(joinsPhase.counts().joins()), f(join.dueMillis(50), 1), f(join.dueMillis(99), 1),
                f(join.sentMillis(99), 1));
        out.printf(Locale.ROOT, "polls: %,d in %.1f s, %.0f/s on average, p50 %s ms, p99 %s ms (sent: p99 %s ms)%n",
                polls, seconds, polls / seconds, f(poll.dueMillis(50), 1), f(poll.dueMillis(99), 1),
                f(poll.sentMillis(99), 1));
        out.printf(Locale.ROOT, "bare route GET %s in the same run: %,d probes, p50 %s ms, p99 %s ms; poll p99 / bare "
                        + "p99 = %s from due, %s from sent (the probe is never late: its due and sent p99 are one)%n",
                BareProbe.PATH, bare.count(), f(bare.dueMillis(50), 2), f(bare.dueMillis(99), 2),
                f(poll.dueMillis(99) / bare.dueMillis(99), 2), f(poll.sentMillis(99) / bare.dueMillis(99), 2));
    }

    private static String f(double value, int places) {
        return PhaseTables.fixed(value, places);
    }
}
