package io.stagedoor.bench.herd;

import io.stagedoor.bench.load.RedisCommandStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** The simulation's figures: a line per minute, a summary, and an HTML page of charts (inline SVG, no script). */
final class HerdReport {

    static final String HEADER = String.format(Locale.ROOT, "%4s %9s %10s %9s %8s %8s %7s %7s %10s %6s %9s %10s %9s %8s %8s %7s",
            "min", "joins/s", "polls/s", "bots/s", "reserve", "snapshot", "claim", "other", "redis cmd/s", "busy",
            "redis MB", "waiting", "admit/s", "est s", "actual s", "spread");

    private final HerdSettings settings;
    private final List<HerdMinute> minutes;

    HerdReport(HerdSettings settings, List<HerdMinute> minutes) {
        this.settings = settings;
        this.minutes = minutes;
    }

    static String line(HerdMinute m) {
        return String.format(Locale.ROOT, "%4d %9.0f %10.0f %9.0f %8.1f %8.1f %7.1f %7.1f %10s %6s %9s %10d %9.1f %8.0f %8.0f %7d",
                m.minute(), m.joinsPerSecond(), m.humanPolls() + m.botPolls(), m.botPolls(), m.reserves(), m.snapshots(),
                m.claims(), m.others(), m.redisCommands() < 0 ? "-" : String.format(Locale.ROOT, "%.0f", m.redisCommands()),
                m.redisBusy() < 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", m.redisBusy() * 100),
                m.redisBytes() < 0 ? "-" : String.format(Locale.ROOT, "%.1f", m.redisBytes() / 1e6), m.waiting(),
                m.admittedPerSecond(), m.meanEstimate(), m.meanActual(), m.spreadP99());
    }

    void summary(long joins, long polls, long botPolls, long roomLooks, long admitted, RedisCommandStats.Reading redis,
                 SpyStore store, double wallSeconds) {
        long calls = 0;
        for (SpyStore.Operation operation : SpyStore.Operation.values()) {
            calls += store.calls(operation);
        }
        long peakWaiting = minutes.stream().mapToLong(HerdMinute::waiting).max().orElse(0);
        double peakBusy = minutes.stream().mapToDouble(HerdMinute::redisBusy).max().orElse(-1);
        System.out.printf(Locale.ROOT, "%ntotal: %,d joins, %,d polls (%.0f %% by bots), %,d admitted, peak %,d waiting;"
                        + " %,d polls ran through the room code%n", joins, polls, polls == 0 ? 0 : 100.0 * botPolls / polls,
                admitted, peakWaiting, roomLooks);
        System.out.printf(Locale.ROOT, "store calls: %,d (reserve %,d, snapshot %,d, claim %,d, end %,d, other %,d): "
                        + "%.4f per join, %.5f per poll, %.4f per join or poll%n", calls,
                store.calls(SpyStore.Operation.RESERVE), store.calls(SpyStore.Operation.SNAPSHOT),
                store.calls(SpyStore.Operation.CLAIM), store.calls(SpyStore.Operation.END),
                calls - store.calls(SpyStore.Operation.RESERVE) - store.calls(SpyStore.Operation.SNAPSHOT)
                        - store.calls(SpyStore.Operation.CLAIM) - store.calls(SpyStore.Operation.END),
                (double) calls / Math.max(1, joins), (double) calls / Math.max(1, polls),
                (double) calls / Math.max(1, joins + polls));
        if (redis != null) {
            System.out.printf(Locale.ROOT, "redis: %,d commands (scripts' own included), %.4f per join, %.5f per join "
                            + "or poll; %,d script calls at %.1f us each; peak shard busy %.1f %%; memory %.2f MB at the "
                            + "end, %.1f bytes per admitted buyer%n", redis.commands(),
                    (double) redis.commands() / Math.max(1, joins), (double) redis.commands() / Math.max(1, joins + polls),
                    redis.scriptCalls(), redis.scriptCalls() == 0 ? 0 : (double) redis.scriptMicros() / redis.scriptCalls(),
                    peakBusy * 100, redis.usedMemory() / 1e6, minutes.isEmpty() ? 0
                            : (double) (redis.usedMemory() - memoryAtStart()) / Math.max(1, admitted));
        }
        if (redis != null && peakWaiting > 0) {
            HerdMinute peak = minutes.stream().filter(m -> m.waiting() == peakWaiting).findFirst().orElseThrow();
            System.out.printf(Locale.ROOT, "redis memory per waiting buyer: %.2f bytes (growth to minute %d, the "
                            + "admitted's records included, over the %,d then waiting)%n",
                    (double) (peak.redisBytes() - memoryAtStart()) / peakWaiting, peak.minute(), peakWaiting);
        }
        System.out.printf(Locale.ROOT, "simulated %d min in %.0f s%n", minutes.size(), wallSeconds);
    }

    /** Redis commands per join and per poll, from the calls each made and what one call of each costs. */
    void perOperation(CommandsPerCall cost, SpyStore store, long joins, long polls) {
        System.out.printf(Locale.ROOT, "commands per call (measured after the run): reserve %d, snapshot %d, claim %d, "
                        + "end %d; per join (its batch's reserve) %.5f; per poll (the views' snapshots) %.6f; per "
                        + "admission (claim and end) %d%n", cost.reserve(), cost.snapshot(), cost.claim(), cost.end(),
                (double) store.calls(SpyStore.Operation.RESERVE) * cost.reserve() / Math.max(1, joins),
                (double) store.calls(SpyStore.Operation.SNAPSHOT) * cost.snapshot() / Math.max(1, polls),
                cost.claim() + cost.end());
    }

    /** Redis's memory with the room barely started: the lowest any minute ended with. */
    private long memoryAtStart() {
        return minutes.stream().mapToLong(HerdMinute::redisBytes).filter(bytes -> bytes > 0).min().orElse(0);
    }

    void writeHtml() {
        StringBuilder page = new StringBuilder("<!doctype html><meta charset=\"utf-8\"><title>Stagedoor herd</title>"
                + "<style>body{font:14px system-ui;margin:2em;max-width:1000px}svg{background:#fafafa;margin:1em 0}"
                + "text{font:12px system-ui}</style><h1>The herd, simulated</h1><p>");
        page.append(String.format(Locale.ROOT, "%,d arrivals over %.0f min, %,d seats, %d instances, entry %.0f/s, "
                        + "%.1f %% bot accounts", settings.arrivals(), settings.arrivalMinutes(), settings.seats(),
                settings.instances(), settings.rate(), settings.botAccounts() * 100)).append("</p>");
        page.append(chart("Joins and polls per second", List.of(
                new Line("joins", "#1f77b4", HerdMinute::joinsPerSecond),
                new Line("polls (people)", "#2ca02c", HerdMinute::humanPolls),
                new Line("polls (bots)", "#d62728", HerdMinute::botPolls))));
        page.append(chart("Store calls per second (one shard)", List.of(
                new Line("reserve", "#1f77b4", HerdMinute::reserves),
                new Line("snapshot", "#ff7f0e", HerdMinute::snapshots),
                new Line("claim", "#2ca02c", HerdMinute::claims),
                new Line("other", "#7f7f7f", HerdMinute::others))));
        page.append(chart("Redis: share of the shard's one core busy (%)", List.of(
                new Line("busy", "#d62728", m -> Math.max(0, m.redisBusy() * 100)))));
        page.append(chart("Redis memory (MB)", List.of(
                new Line("used", "#9467bd", m -> Math.max(0, m.redisBytes() / 1e6)))));
        page.append(chart("Buyers waiting", List.of(new Line("waiting", "#8c564b", m -> m.waiting()))));
        page.append(chart("Admitted per second", List.of(new Line("admitted", "#2ca02c", HerdMinute::admittedPerSecond))));
        page.append(chart("Wait of those admitted (s): told at the join, and had", List.of(
                new Line("estimate", "#1f77b4", HerdMinute::meanEstimate),
                new Line("actual", "#ff7f0e", HerdMinute::meanActual))));
        page.append(chart("Spread between arrival and admission rank (p99)", List.of(
                new Line("spread", "#17becf", m -> m.spreadP99()))));
        try {
            Files.createDirectories(settings.html().toAbsolutePath().getParent());
            Files.writeString(settings.html(), page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.out.println("charts: " + settings.html());
    }

    private record Line(String name, String color, ToDoubleFunction<HerdMinute> value) {
    }

    /** A line chart over the minutes. */
    private String chart(String title, List<Line> lines) {
        int width = 900;
        int height = 220;
        int left = 70;
        int bottom = 30;
        double max = 1e-9;
        for (Line line : lines) {
            for (HerdMinute m : minutes) {
                max = Math.max(max, line.value().applyAsDouble(m));
            }
        }
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<h2>%s</h2><svg viewBox=\"0 0 %d %d\" width=\"100%%\">", title, width, height));
        svg.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"14\">%.4g</text><text x=\"4\" y=\"%d\">0</text>", max,
                height - bottom));
        double step = minutes.size() <= 1 ? 0 : (width - left - 10.0) / (minutes.size() - 1);
        for (int i = 0; i < minutes.size(); i += Math.max(1, minutes.size() / 10)) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.0f\" y=\"%d\">%d</text>", left + i * step, height - 8,
                    minutes.get(i).minute()));
        }
        int legend = left;
        for (Line line : lines) {
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < minutes.size(); i++) {
                double y = (height - bottom) - (height - bottom - 20) * line.value().applyAsDouble(minutes.get(i)) / max;
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", left + i * step, y));
            }
            svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
                    + "points=\"%s\"/>", line.color(), points));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"14\" fill=\"%s\">%s</text>", legend + 60,
                    line.color(), line.name()));
            legend += 130;
        }
        return svg.append("</svg>").toString();
    }
}
