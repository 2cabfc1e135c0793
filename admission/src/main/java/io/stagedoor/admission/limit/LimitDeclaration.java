package io.stagedoor.admission.limit;

import io.stagedoor.admission.AdmissionMessages;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A limit written as one line, the value of its {@code limits.<name>} key:
 * <pre>capacity,refillTokens,period [per KEY] [on ROUTE[,ROUTE]] [cost N|seats] [redis-down fail-open|local-bucket] [shadow]</pre>
 * e.g. {@code 10,1,PT6S per buyer on holds cost seats} ("10, then 1 per 6 s, per buyer, on holds, a token per
 * seat"); the period is ISO-8601. A new limit names its key and routes; a line for a limit already declared may
 * give its bucket alone (and {@code shadow}), and keeps the rest. Cost defaults to 1, redis-down to fail-open.
 */
public final class LimitDeclaration {

    private static final String PER = "per";
    private static final String ON = "on";
    private static final String COST = "cost";
    private static final String REDIS_DOWN = "redis-down";
    private static final String SHADOW = "shadow";

    private LimitDeclaration() {
    }

    /**
     * The limit {@code name} as {@code text} declares it, over {@code current} (its declaration so far, or null for a
     * new limit).
     *
     * @throws IllegalArgumentException naming the limit and what is wrong
     */
    public static Limit read(String name, String text, Limit current) {
        return parse(name, List.of(text.trim().split("\\s+")), current);
    }

    private static Limit parse(String name, List<String> words, Limit current) {
        String text = String.join(" ", words);
        String[] bucket = words.get(0).split(",");
        if (bucket.length != 3) {
            throw new IllegalArgumentException(AdmissionMessages.badLimitDeclaration(name, text,
                    AdmissionMessages.LIMIT_BUCKET_SHAPE));
        }
        LimitKey key = current == null ? null : current.key();
        Set<LimitedRoute> routes = current == null ? null : current.routes();
        LimitCost cost = current == null ? LimitCost.ONE : current.cost();
        WhenUnavailable whenDown = current == null ? WhenUnavailable.FAIL_OPEN : current.policy().whenRedisDown();
        boolean shadow = false;
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            if (SHADOW.equals(word)) {
                shadow = true;
                continue;
            }
            if (i + 1 >= words.size()) {
                throw new IllegalArgumentException(AdmissionMessages.badLimitDeclaration(name, text,
                        AdmissionMessages.limitWordWithoutValue(word)));
            }
            String value = words.get(++i);
            switch (word) {
                case PER -> key = known(LimitKey.ofWord(value), name, text, AdmissionMessages.noSuch("key", value));
                case ON -> routes = routes(name, text, value);
                case COST -> cost = cost(name, text, value);
                case REDIS_DOWN -> whenDown = known(whenDown(value), name, text, AdmissionMessages.noSuch("redis-down", value));
                default -> throw new IllegalArgumentException(AdmissionMessages.badLimitDeclaration(name, text,
                        AdmissionMessages.noSuch("word", word)));
            }
        }
        if (key == null || routes == null) {
            throw new IllegalArgumentException(AdmissionMessages.badLimitDeclaration(name, text,
                    AdmissionMessages.NEW_LIMIT_NEEDS_KEY_AND_ROUTES));
        }
        LimitPolicy policy;
        try {
            policy = new LimitPolicy(name, Long.parseLong(bucket[0].trim()), Long.parseLong(bucket[1].trim()),
                    Duration.parse(bucket[2].trim()), whenDown, shadow);
        } catch (DateTimeParseException | IllegalArgumentException e) {
            // NumberFormatException is an IllegalArgumentException; LimitPolicy's own refusals say what is wrong
            throw new IllegalArgumentException(AdmissionMessages.badLimitDeclaration(name, text,
                    e instanceof NumberFormatException || e instanceof DateTimeParseException
                            ? AdmissionMessages.LIMIT_BUCKET_NUMBERS : e.getMessage()), e);
        }
        return new Limit(policy, routes, key, cost);
    }

    /** The line that declares {@code limit}, every part written out. */
    public static String write(Limit limit) {
        LimitPolicy policy = limit.policy();
        StringBuilder line = new StringBuilder().append(policy.capacity()).append(',').append(policy.refillTokens())
                .append(',').append(policy.refillPeriod())
                .append(' ').append(PER).append(' ').append(limit.key().word())
                .append(' ').append(ON).append(' ').append(limit.routes().stream().sorted()
                        .map(LimitedRoute::tag).collect(Collectors.joining(",")));
        if (!limit.cost().equals(LimitCost.ONE)) {
            line.append(' ').append(COST).append(' ').append(limit.cost().word());
        }
        if (policy.whenRedisDown() != WhenUnavailable.FAIL_OPEN) {
            line.append(' ').append(REDIS_DOWN).append(' ').append(word(policy.whenRedisDown()));
        }
        if (policy.shadow()) {
            line.append(' ').append(SHADOW);
        }
        return line.toString();
    }

    /** What the limit does, in words, for the configuration's listing: "holds per buyer, a token per seat: ...". */
    public static String describe(Limit limit) {
        LimitPolicy policy = limit.policy();
        String cost = limit.cost().perSeat() ? "a token per seat"
                : limit.cost().tokens() == 1 ? "a token each" : limit.cost().tokens() + " tokens each";
        return limit.routes().stream().sorted().map(LimitedRoute::tag).collect(Collectors.joining(" and "))
                + " per " + limit.key().word() + ", " + cost + ": " + policy.capacity() + ", then "
                + policy.refillTokens() + " per " + policy.refillPeriod() + "; "
                + word(policy.whenRedisDown()) + " while Redis is down" + (policy.shadow() ? "; shadow" : "");
    }

    private static <T> T known(T value, String name, String text, String why) {
        if (value == null) {
            throw new IllegalArgumentException(AdmissionMessages.badLimitDeclaration(name, text, why));
        }
        return value;
    }

    private static Set<LimitedRoute> routes(String name, String text, String value) {
        List<LimitedRoute> routes = new ArrayList<>();
        for (String tag : value.split(",")) {
            routes.add(known(LimitedRoute.ofTag(tag), name, text, AdmissionMessages.noSuch("route", tag)));
        }
        return EnumSet.copyOf(routes);
    }

    private static LimitCost cost(String name, String text, String value) {
        if (LimitCost.SEATS.equals(value)) {
            return new LimitCost(1, true);
        }
        try {
            return new LimitCost(Long.parseLong(value), false);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(AdmissionMessages.badLimitDeclaration(name, text,
                    AdmissionMessages.badLimitCost(value)), e);
        }
    }

    private static WhenUnavailable whenDown(String value) {
        for (WhenUnavailable behaviour : WhenUnavailable.values()) {
            if (word(behaviour).equals(value)) {
                return behaviour;
            }
        }
        return null;
    }

    private static String word(WhenUnavailable behaviour) {
        return behaviour.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
