package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.herd.http.LatencyLog.Latencies;
import io.stagedoor.bench.herd.http.LatencyLog.Route;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The run's phases at saturation, each request due at once so the connections offer more than the stack answers:
 * fresh buyers joining a paused room, then admitted buyers holding one seat each. Printed as one table, a line per
 * phase with its answers, and the target of the same run: an instance joins at least as many buyers a second as it
 * admits holds.
 *
 * @param phases       the phases that ran, joins then holds
 * @param rushBuyers   fresh buyers offered to the joins phase
 * @param rushStatuses every status the joins were answered, "202 x25000" style
 * @param holders      admitted buyers offered to the holds phase
 * @param holdStatuses the holds' answers at the holds phase's end: 202s, 429s, 503s, then any other
 * @param warmupHolds  the warm-up's holds and their answers
 */
record Saturation(List<PhaseFigures> phases, int rushBuyers, String rushStatuses, int holders, String holdStatuses,
                  String warmupHolds) {

    static final String JOINS = "joins at saturation";
    static final String HOLDS = "holds at saturation";
    private static final String TABLE = "%-24s %6s %8s %10s %8s %8s %9s %8s %8s %10s %7s %7s %7s %7s %7s%n";

    /** No phase at saturation: the run stopped before them. */
    static Saturation skipped(String warmupHolds) {
        return new Saturation(List.of(), 0, "none", 0, "none", warmupHolds);
    }

    boolean complete() {
        return phases.stream().allMatch(PhaseFigures::complete);
    }

    /** {@code ingresses} share the rates (nginx round robin); so many connections offered the joins and the holds. */
    void print(PrintStream out, int ingresses, int joinConnections, int holdConnections) {
        if (phases.isEmpty()) {
            out.println("at saturation: not measured (the run stopped before)");
            return;
        }
        out.printf(Locale.ROOT, "at saturation (every request due at once, each connection sending the next as soon as "
                + "the last is answered: %d for the joins, each held for its instance's join window, %d for the holds; "
                + "ok = joins given a ticket, holds answered 202; per instance = over the %d "
                + "ingresses nginx shares them among, on this one machine; latencies in ms from when sent; ingress µs "
                + "= both ingress JVMs' CPU per request answered, probes included; cores = CPU s per s):%n",
                joinConnections, holdConnections, ingresses);
        out.printf(Locale.ROOT, TABLE, "phase", "s", "requests", "answered/s", "ok", "ok/s", "ok/s/inst", "p50 sent",
                "p99 sent", "ingress µs", "ingress", "nginx", "backend", "redis", "driver");
        for (PhaseFigures p : phases) {
            boolean joins = p.name().equals(JOINS);
            long requests = joins ? p.counts().joins() : p.counts().holds();
            long ok = joins ? p.counts().joined() : p.counts().holdsAccepted();
            Latencies latencies = p.latencies().get(joins ? Route.JOIN : Route.HOLD);
            PhaseFigures.Cpu cpu = p.cpu();
            out.printf(Locale.ROOT, TABLE, p.name() + (p.complete() ? "" : " (CUT)"), f(p.seconds(), 1), requests,
                    f(p.perSecond(requests), 0), ok, f(p.perSecond(ok), 0), f(p.perSecond(ok) / ingresses, 0),
                    f(latencies.sentMillis(50), 1), f(latencies.sentMillis(99), 1),
                    f(PhaseFigures.per(cpu.ingress() / 1e3, p.requests()), 1), cores(cpu.ingress(), p),
                    cores(cpu.nginx(), p), cores(cpu.backend(), p), cores(cpu.redis(), p), cores(cpu.driver(), p));
        }
        PhaseFigures joins = phase(JOINS);
        PhaseFigures holds = phase(HOLDS);
        if (joins != null) {
            out.printf(Locale.ROOT, "%s: %,d fresh buyers to the paused room of %s, %,d given a ticket in %.1f s%s; "
                            + "answers %s%n", JOINS, rushBuyers, HerdHttpRun.RUSH_EVENT, joins.counts().joined(),
                    joins.seconds(), joins.counts().joined() < rushBuyers ? " (its time bound came first)" : "",
                    rushStatuses);
        }
        if (holds != null) {
            out.printf(Locale.ROOT, "%s: %,d admitted buyers of %s, one hold of one seat of their own each, with "
                            + "their pass (organizer limit opened: %s), %,d answered in %.1f s%s; holds phase answers: "
                            + "%s; warm-up before: %s%n", HOLDS, holders, HerdHttpRun.EVENT, HerdStack.OPEN_ORGANIZER,
                    holds.counts().holds(), holds.seconds(), holds.counts().holds() < holders
                            ? " (its time bound came first)" : "", holdStatuses, warmupHolds);
        }
        double joinRate = joins == null ? Double.NaN : joins.perSecond(joins.counts().joined()) / ingresses;
        double holdRate = holds == null ? Double.NaN : holds.perSecond(holds.counts().holdsAccepted()) / ingresses;
        double ratio = joinRate / holdRate;
        out.printf(Locale.ROOT, "joins/s per instance at saturation %s; admitted holds/s per instance at saturation %s; "
                        + "joins/holds ratio %s (target >= 1): %s%n", f(joinRate, 0), f(holdRate, 0), f(ratio, 2),
                Double.isNaN(ratio) || Double.isInfinite(ratio) ? "not measured" : ratio >= 1 ? "met" : "NOT met");
    }

    private PhaseFigures phase(String name) {
        return phases.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }

    private static String cores(long nanos, PhaseFigures phase) {
        return f(nanos / 1e9 / phase.seconds(), 2);
    }

    private static String f(double value, int places) {
        return PhaseTables.fixed(value, places);
    }
}
