package io.stagedoor.bench.load;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.Search;
import io.stagedoor.admission.metrics.AdmissionMeter;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an ingress shed on its own account between two readings of its registry, and why: requests whose limiter
 * decision was shed (a hold checks two limits; each shed hold counts once per limit), Redis calls failed at their
 * deadline, calls past their deadline answered once the reply readers caught up (not failed), decisions taken by a
 * fallback, and the overload signal's verdicts on missed calls by the reading that decided.
 */
public final class ShedFigures {

    private final MeterRegistry registry;
    private Map<String, Double> last;

    public ShedFigures(MeterRegistry registry) {
        this.registry = registry;
        this.last = read();
    }

    /** The counts since the previous call (or since this was made), as one line. */
    public String sinceLast() {
        Map<String, Double> now = read();
        StringBuilder line = new StringBuilder();
        now.forEach((name, value) -> {
            double delta = value - last.getOrDefault(name, 0.0);
            if (delta != 0 || !name.startsWith("verdict")) {
                line.append(line.isEmpty() ? "" : ", ").append(name).append(' ')
                        .append(String.format(Locale.ROOT, "%.0f", delta));
            }
        });
        last = now;
        return line.toString();
    }

    /** Shed limiter decisions since the previous {@link #sinceLast()}. */
    public double shedSinceLast() {
        return sum(AdmissionMeter.SHED_DECISIONS) - last.getOrDefault("shed decisions", 0.0);
    }

    private Map<String, Double> read() {
        Map<String, Double> figures = new TreeMap<>();
        figures.put("shed decisions", sum(AdmissionMeter.SHED_DECISIONS));
        figures.put("fallback decisions", sum(AdmissionMeter.FALLBACK_DECISIONS));
        figures.put("deadline expired (readers caught up)", tagged(AdmissionMeter.DEADLINE_EXPIRED,
                AdmissionMeter.TAG_READERS, "caught-up"));
        figures.put("deadline expired (readers behind)", tagged(AdmissionMeter.DEADLINE_EXPIRED,
                AdmissionMeter.TAG_READERS, "behind"));
        figures.put("deadline caught up", sum(AdmissionMeter.DEADLINE_CAUGHT_UP));
        for (FunctionCounter verdict : Search.in(registry).name(AdmissionMeter.OVERLOAD_VERDICTS.meterName())
                .functionCounters()) {
            figures.put("verdict " + verdict.getId().getTag(AdmissionMeter.TAG_REASON), verdict.count());
        }
        return figures;
    }

    private double tagged(AdmissionMeter meter, String tag, String value) {
        return Search.in(registry).name(meter.meterName()).tag(tag, value).functionCounters().stream()
                .mapToDouble(FunctionCounter::count).sum();
    }

    private double sum(AdmissionMeter meter) {
        Search search = Search.in(registry).name(meter.meterName());
        return search.counters().stream().mapToDouble(c -> c.count()).sum()
                + search.functionCounters().stream().mapToDouble(FunctionCounter::count).sum();
    }
}
