package io.stagedoor.bench.gateway;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Prints the rounds as a table, one row per contender and round, and after each round of all contenders the
 * same-run ratios of the first contender (Stagedoor) to each other one.
 */
final class RoundTable {

    private static final String ROW = "%-28s %5s %-22s %9s %8s %8s %9s %9s %9s %9s %6s  %s%n";

    private final PrintStream out;

    RoundTable(PrintStream out) {
        this.out = out;
    }

    void header() {
        out.printf(Locale.ROOT, ROW, "scenario", "round", "contender", "req/s", "p50 ms", "p99 ms", "server µs",
                "behind µs", "redis µs", "fallbacks", "errors", "statuses");
    }

    void row(String scenario, int round, RoundMeter.Figures figures) {
        out.printf(Locale.ROOT, ROW, scenario, round, figures.contender(), decimal(figures.wrk().perSecond(), 0),
                decimal(figures.wrk().p50Micros() / 1000.0, 2), decimal(figures.wrk().p99Micros() / 1000.0, 2),
                decimal(figures.serverMicros(), 1), decimal(figures.behindMicros(), 1),
                decimal(figures.redisMicros(), 1), decimal(figures.fallbacks(), 0), figures.wrk().errors(),
                figures.wrk().statuses());
    }

    /** Stagedoor (the first) against each other contender of the same round: req/s and CPU per request. */
    void ratios(List<RoundMeter.Figures> round) {
        RoundMeter.Figures ours = round.getFirst();
        StringBuilder line = new StringBuilder("    same-run ratios:");
        for (RoundMeter.Figures peer : round.subList(1, round.size())) {
            line.append(String.format(Locale.ROOT, "  %s/%s req/s %s, p99 %s, server+redis CPU per request %s;",
                    ours.contender(), peer.contender(),
                    decimal(ours.wrk().perSecond() / peer.wrk().perSecond(), 2),
                    decimal((double) ours.wrk().p99Micros() / peer.wrk().p99Micros(), 2),
                    decimal(ours.decidingMicros() / peer.decidingMicros(), 2)));
        }
        out.println(line);
    }

    void note(String text) {
        out.println("    " + text);
    }

    private static String decimal(double value, int places) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "-"
                : String.format(Locale.ROOT, "%." + places + "f", value);
    }
}
