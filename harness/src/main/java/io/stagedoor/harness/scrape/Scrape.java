package io.stagedoor.harness.scrape;

import io.micrometer.core.instrument.Meter;
import io.micrometer.prometheusmetrics.PrometheusNamingConvention;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One reading of a Prometheus text page ({@code text/plain; version=0.0.4}): every sample on it, found by the
 * Micrometer name of its meter ({@code stagedoor.ingress.shed} finds {@code stagedoor_ingress_shed_total}) and tag
 * keys as Micrometer wrote them. Immutable; a meter not on the page has no series (it counted nothing yet).
 */
public final class Scrape {

    private static final PrometheusNamingConvention NAMES = new PrometheusNamingConvention();

    /** One line of the page: a series of a meter and its value. */
    public record Sample(String name, Map<String, String> labels, double value) {

        public Sample {
            Objects.requireNonNull(name, "name");
            labels = Map.copyOf(labels);
        }

        /** The value of the label written for the Micrometer tag {@code tagKey}; "" when the series has none. */
        public String tag(String tagKey) {
            return labels.getOrDefault(NAMES.tagKey(tagKey), "");
        }
    }

    private final List<Sample> samples;

    private Scrape(List<Sample> samples) {
        this.samples = List.copyOf(samples);
    }

    /** A page parsed; comment lines and lines it cannot read are skipped. */
    public static Scrape parse(String page) {
        List<Sample> samples = new ArrayList<>();
        for (String line : page.split("\n")) {
            Sample sample = sample(line.strip());
            if (sample != null) {
                samples.add(sample);
            }
        }
        return new Scrape(samples);
    }

    /** The series of the counter Micrometer registered as {@code meterName}, in the page's order. */
    public List<Sample> counter(String meterName) {
        String name = NAMES.name(meterName, Meter.Type.COUNTER) + "_total";
        return samples.stream().filter(sample -> sample.name().equals(name)).toList();
    }

    /** The sum of every series of the counter {@code meterName}, whatever its tags; 0 when it has none. */
    public double counterSum(String meterName) {
        return counter(meterName).stream().mapToDouble(Sample::value).sum();
    }

    private static Sample sample(String line) {
        if (line.isEmpty() || line.startsWith("#")) {
            return null;
        }
        int brace = line.indexOf('{');
        int space = line.indexOf(' ');
        if (space < 0) {
            return null;
        }
        Map<String, String> labels = new LinkedHashMap<>();
        String name;
        int rest;
        if (brace >= 0 && brace < space) {
            name = line.substring(0, brace);
            rest = labels(line, brace + 1, labels);
            if (rest < 0) {
                return null;
            }
        } else {
            name = line.substring(0, space);
            rest = space;
        }
        String[] valueAndTime = line.substring(rest).strip().split(" ");
        Double value = value(valueAndTime[0]);
        return value == null ? null : new Sample(name, labels, value);
    }

    /** Reads {@code k="v",...}} from {@code at}; the index after the closing brace, or -1 when malformed. */
    private static int labels(String line, int at, Map<String, String> labels) {
        int i = at;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '}') {
                return i + 1;
            }
            if (c == ',' || c == ' ') {
                i++;
                continue;
            }
            int equals = line.indexOf('=', i);
            if (equals < 0 || equals + 1 >= line.length() || line.charAt(equals + 1) != '"') {
                return -1;
            }
            String key = line.substring(i, equals);
            StringBuilder value = new StringBuilder();
            int j = equals + 2;
            for (; j < line.length() && line.charAt(j) != '"'; j++) {
                char v = line.charAt(j);
                if (v == '\\' && j + 1 < line.length()) {
                    char escaped = line.charAt(++j);
                    value.append(escaped == 'n' ? '\n' : escaped);
                } else {
                    value.append(v);
                }
            }
            if (j >= line.length()) {
                return -1;
            }
            labels.put(key, value.toString());
            i = j + 1;
        }
        return -1;
    }

    private static Double value(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> {
                try {
                    yield Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    yield null;
                }
            }
        };
    }
}
