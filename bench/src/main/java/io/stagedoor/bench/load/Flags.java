package io.stagedoor.bench.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --name value} flags with their defaults, declared by the benchmark that reads them; an unknown flag is an
 * error that lists the known ones with their defaults.
 */
public final class Flags {

    private final Map<String, String> given = new HashMap<>();
    private final Map<String, String> declared = new LinkedHashMap<>();

    private Flags(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --name value, got " + args[i]);
            }
            given.put(args[i].substring(2), args[++i]);
        }
    }

    public static Flags parse(String[] args) {
        return new Flags(args);
    }

    /** The flag's value, or {@code fallback} (null: no default). */
    public String text(String name, String fallback) {
        declared.put(name, fallback);
        return given.getOrDefault(name, fallback);
    }

    public int integer(String name, int fallback) {
        return Integer.parseInt(text(name, Integer.toString(fallback)));
    }

    public double decimal(String name, double fallback) {
        return Double.parseDouble(text(name, Double.toString(fallback)));
    }

    /** Seconds, fractions allowed. */
    public Duration seconds(String name, double fallback) {
        return Duration.ofMillis(Math.round(decimal(name, fallback) * 1000));
    }

    /** A comma-separated list of numbers. */
    public List<Double> decimals(String name, String fallback) {
        List<Double> values = new ArrayList<>();
        for (String value : text(name, fallback).split(",")) {
            if (!value.isBlank()) {
                values.add(Double.parseDouble(value.trim()));
            }
        }
        return values;
    }

    /** Fails on a flag no reader declared; call after reading every flag. */
    public void rejectUnknown() {
        for (String name : given.keySet()) {
            if (!declared.containsKey(name)) {
                StringBuilder known = new StringBuilder();
                declared.forEach((flag, value) -> known.append(" --").append(flag).append(' ').append(value));
                throw new IllegalArgumentException("unknown flag --" + name + "; flags (defaults):" + known);
            }
        }
    }
}
