package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.herd.http.LatencyLog.Latencies;
import io.stagedoor.bench.herd.http.LatencyLog.Route;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The phases as two tables: the traffic and its latencies (p99 from when each request was due, and from when it was
 * sent), then what it cost Redis and each process.
 */
final class PhaseTables {

    private static final String TRAFFIC = "%-27s %6s %7s %7s %8s %8s %8s %7s %7s %8s %8s %8s %8s %8s %9s %8s%n";
    private static final String COST = "%-27s %9s %8s %8s %8s %8s %9s %9s %10s %7s %7s %7s %7s %7s%n";

    private final PrintStream out;

    PhaseTables(PrintStream out) {
        this.out = out;
    }

    void print(List<PhaseFigures> phases) {
        out.println("traffic (latencies in ms: due = from when the request was due, what a buyer waits, the driver's "
                + "queueing included; sent = the answer time through nginx; late = how late the driver sent it; "
                + "asked/s = the polls a second the waiting buyers' Retry-After asked for at the phase's end):");
        out.printf(Locale.ROOT, TRAFFIC, "phase", "s", "joins", "joins/s", "p99 due", "p99 sent", "polls", "polls/s",
                "asked/s", "p50 due", "p99 due", "p99 sent", "p99 late", "bare p99", "poll/bare", "admitted");
        for (PhaseFigures p : phases) {
            Latencies join = p.latencies().get(Route.JOIN);
            Latencies poll = p.latencies().get(Route.POLL);
            Latencies bare = p.latencies().get(Route.BARE);
            out.printf(Locale.ROOT, TRAFFIC, p.name() + (p.complete() ? "" : " (CUT)"), fixed(p.seconds(), 1),
                    p.counts().joins(), fixed(p.perSecond(p.counts().joins()), 0), fixed(join.dueMillis(99), 1),
                    fixed(join.sentMillis(99), 1), p.counts().polls(), fixed(p.perSecond(p.counts().polls()), 0),
                    fixed(Math.max(0, p.counts().pollDemand()), 0), fixed(poll.dueMillis(50), 1), fixed(poll.dueMillis(99), 1),
                    fixed(poll.sentMillis(99), 1), fixed(poll.lateMillis(99), 1), fixed(bare.dueMillis(99), 2),
                    fixed(poll.dueMillis(99) / bare.dueMillis(99), 1), p.counts().admitted());
        }
        out.println();
        out.println("cost (Redis commands include its scripts' own; cmd/join per buyer given a ticket; cmd/poll only where "
                + "polls were all there was; "
                + "ingress µs = both ingress JVMs' CPU per request answered, probes included; cores = CPU s per s):");
        out.printf(Locale.ROOT, COST, "phase", "commands", "cmd/s", "scripts", "cmd/join", "cmd/poll", "cmd/admit",
                "redis MB+", "ingress µs", "ingress", "nginx", "backend", "redis", "driver");
        for (PhaseFigures p : phases) {
            Crowd.Counts c = p.counts();
            PhaseFigures.Cpu cpu = p.cpu();
            out.printf(Locale.ROOT, COST, p.name() + (p.complete() ? "" : " (CUT)"), p.redis().commands(),
                    fixed(p.commandsPerSecond(), 1), p.redis().scriptCalls(),
                    fixed(PhaseFigures.per(p.redis().commands(), c.joined()), 4),
                    c.joins() + c.admitted() > 0 ? "-" : fixed(PhaseFigures.per(p.redis().commands(), c.polls()), 5),
                    fixed(PhaseFigures.per(p.redis().commands(), c.admitted()), 2), fixed(p.memoryGrowth() / 1e6, 2),
                    fixed(PhaseFigures.per(cpu.ingress() / 1e3, p.requests()), 1), cores(cpu.ingress(), p),
                    cores(cpu.nginx(), p), cores(cpu.backend(), p), cores(cpu.redis(), p), cores(cpu.driver(), p));
        }
    }

    static String fixed(double value, int places) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "-"
                : String.format(Locale.ROOT, "%." + places + "f", value);
    }

    private static String cores(long nanos, PhaseFigures phase) {
        return fixed(nanos / 1e9 / phase.seconds(), 2);
    }
}
