package io.stagedoor.client;

import io.stagedoor.client.internal.StructuredFields;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The state of the tightest limit after a request, as the service reports it: the IETF {@code RateLimit} and
 * {@code RateLimit-Policy} fields (draft-ietf-httpapi-ratelimit-headers-10, structured-field lists such as
 * {@code "buyer-seats";r=9;t=6} and {@code "buyer-seats";q=10;w=60}), or the older {@code X-RateLimit-Remaining}.
 *
 * @param policy    the limit's name, empty when only {@code X-RateLimit-Remaining} was sent
 * @param remaining requests left (the {@code r} parameter)
 * @param reset     until more quota is available (the {@code t} parameter, as draft-10 has it; a service set to
 *                  draft-09 means until the quota is full again), when given
 * @param quota     the limit's quota (the policy's {@code q}), when given
 * @param window    the limit's window (the policy's {@code w}), when given
 */
public record RateLimit(String policy, long remaining, Optional<Duration> reset, OptionalLong quota,
                        Optional<Duration> window) {

    public static final String FIELD = "RateLimit";
    public static final String POLICY_FIELD = "RateLimit-Policy";
    public static final String LEGACY_REMAINING_FIELD = "X-RateLimit-Remaining";

    public RateLimit {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(reset, "reset");
        Objects.requireNonNull(quota, "quota");
        Objects.requireNonNull(window, "window");
    }

    /**
     * The tightest limit the fields describe: the {@code RateLimit} item with the least {@code r}, completed by the
     * policy of the same name; else {@code X-RateLimit-Remaining} alone; else empty. Unreadable fields are ignored.
     */
    public static Optional<RateLimit> from(String rateLimit, String rateLimitPolicy, String legacyRemaining) {
        Optional<RateLimit> standard = StructuredFields.list(rateLimit).stream()
                .filter(item -> item.integer("r").isPresent())
                .min(Comparator.comparingLong(item -> item.integer("r").getAsLong()))
                .map(item -> withPolicy(item, StructuredFields.list(rateLimitPolicy).stream()
                        .filter(policy -> policy.name().equals(item.name()))
                        .findFirst()
                        .map(StructuredFields.Item::parameters)
                        .orElse(Map.of())));
        return standard.or(() -> legacy(legacyRemaining));
    }

    private static RateLimit withPolicy(StructuredFields.Item item, Map<String, String> policy) {
        StructuredFields.Item described = new StructuredFields.Item(item.name(), policy);
        return new RateLimit(item.name(), item.integer("r").getAsLong(), seconds(item.integer("t")),
                described.integer("q"), seconds(described.integer("w")));
    }

    private static Optional<RateLimit> legacy(String remaining) {
        if (remaining == null || !remaining.trim().matches("\\d{1,18}")) {
            return Optional.empty();
        }
        return Optional.of(new RateLimit("", Long.parseLong(remaining.trim()), Optional.empty(), OptionalLong.empty(),
                Optional.empty()));
    }

    private static Optional<Duration> seconds(OptionalLong value) {
        return value.isPresent() ? Optional.of(Duration.ofSeconds(value.getAsLong())) : Optional.empty();
    }
}
