package io.stagedoor.admission.limit;

import io.stagedoor.admission.AdmissionMessages;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The limits of the on-sale (ARCHITECTURE.md, "Limits"), each one declaration ({@link Limit}, written as one line
 * by {@link LimitDeclaration}). The shipped ones are the file {@value #DEFAULTS} in this package, in the format of
 * {@code stagedoor.properties}; an operator changes one, or adds one, by a line of configuration. Immutable; the
 * rings and the front stage ask it for the checks of a request ({@link #checks}).
 */
public final class Limits {

    /** The resource, beside this class, that declares the shipped limits. */
    public static final String DEFAULTS = "limits.properties";
    /** The prefix of a limit's key in configuration: {@code limits.<name>}. */
    public static final String PREFIX = "limits.";
    private static final Limits SHIPPED = read(DEFAULTS);

    private final List<Limit> all;
    private final Map<LimitedRoute, List<Limit>> byRoute = new EnumMap<>(LimitedRoute.class);

    public Limits(List<Limit> all) {
        this.all = List.copyOf(all);
        Set<String> names = new HashSet<>();
        for (Limit limit : this.all) {
            if (!names.add(limit.name())) {
                // Two limits with one name would share Redis keys and metric series.
                throw new IllegalArgumentException(AdmissionMessages.duplicateLimitName(limit.name()));
            }
        }
        for (LimitedRoute route : LimitedRoute.values()) {
            byRoute.put(route, this.all.stream().filter(limit -> limit.routes().contains(route)).toList());
        }
    }

    /** The shipped limits, as {@value #DEFAULTS} declares them. */
    public static Limits defaults() {
        return SHIPPED;
    }

    /** Every limit, in the order declared. */
    public List<Limit> all() {
        return all;
    }

    /** The limits on {@code route}, in the order declared. */
    public List<Limit> on(LimitedRoute route) {
        return byRoute.get(route);
    }

    /**
     * The checks of a request on {@code route}: one per limit of the route whose key the subject carries, in the
     * order declared (the first is the one a shed names).
     */
    public List<LimitCheck> checks(LimitedRoute route, LimitSubject subject) {
        List<Limit> limits = byRoute.get(route);
        List<LimitCheck> checks = new ArrayList<>(limits.size());
        for (Limit limit : limits) {
            LimitCheck check = limit.on(subject);
            if (check != null) {
                checks.add(check);
            }
        }
        return checks;
    }

    /** The limit called {@code name}. */
    public Limit limit(String name) {
        return all.stream().filter(limit -> limit.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(AdmissionMessages.unknownLimit(name)));
    }

    /** The bucket of the limit called {@code name}. */
    public LimitPolicy policy(String name) {
        return limit(name).policy();
    }

    public boolean declares(String name) {
        return all.stream().anyMatch(limit -> limit.name().equals(name));
    }

    /** These limits with the bucket of the one named like {@code changed} replaced by it. */
    public Limits with(LimitPolicy changed) {
        return with(limit(changed.name()).with(changed));
    }

    /** These limits with {@code declared} in place of the limit of its name, or after the rest when new. */
    public Limits with(Limit declared) {
        List<Limit> changed = new ArrayList<>(all);
        int at = changed.stream().map(Limit::name).toList().indexOf(declared.name());
        if (at < 0) {
            changed.add(declared);
        } else {
            changed.set(at, declared);
        }
        return new Limits(changed);
    }

    /** These limits with the line {@code text} declaring (or changing) the limit {@code name}. */
    public Limits declare(String name, String text) {
        return with(LimitDeclaration.read(name, text, declares(name) ? limit(name) : null));
    }

    /** The limits declared by a file of {@code limits.<name>=<declaration>} lines, in their order. */
    private static Limits read(String resource) {
        InputStream in = Limits.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException(AdmissionMessages.unreadableDefaultLimits(resource));
        }
        Limits limits = new Limits(List.of());
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String trimmed = line.trim();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                    continue;
                }
                int equals = trimmed.indexOf('=');
                String key = trimmed.substring(0, Math.max(0, equals)).trim();
                if (equals < 0 || !key.startsWith(PREFIX)) {
                    throw new IllegalStateException(AdmissionMessages.unreadableDefaultLimitsLine(resource, line));
                }
                limits = limits.declare(key.substring(PREFIX.length()), trimmed.substring(equals + 1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(AdmissionMessages.unreadableDefaultLimits(resource), e);
        }
        return limits;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Limits limits && limits.all.equals(all);
    }

    @Override
    public int hashCode() {
        return all.hashCode();
    }

    @Override
    public String toString() {
        return "Limits" + all;
    }
}
