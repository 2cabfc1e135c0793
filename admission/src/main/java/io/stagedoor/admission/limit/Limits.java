package io.stagedoor.admission.limit;

import io.stagedoor.admission.AdmissionMessages;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The limits of the on-sale (ARCHITECTURE.md, "Limits"). Each default is written once, here, in
 * {@link #defaults()}; README quotes them.
 *
 * @param buyerSeats     seats per buyer (a hold takes one token per seat): 10, then 1 per 6 s; fail open
 * @param buyerCheckouts checkouts per buyer: 5, then 1 per 10 s; fail open
 * @param organizerHolds holds per organizer (one token per hold): 200, 200 per s; fail open
 * @param scannerKey     scans per API key: 50, then 20 per s; fail open
 * @param loginAddress   logins per source address: 10, 10 per minute; in-process bucket when Redis is down
 * @param loginAccount   logins per account: 20, 20 per hour; in-process bucket when Redis is down
 */
public record Limits(LimitPolicy buyerSeats, LimitPolicy buyerCheckouts, LimitPolicy organizerHolds,
                     LimitPolicy scannerKey, LimitPolicy loginAddress, LimitPolicy loginAccount) {

    public Limits {
        Set<String> names = new HashSet<>();
        for (LimitPolicy policy : List.of(Objects.requireNonNull(buyerSeats, "buyerSeats"),
                Objects.requireNonNull(buyerCheckouts, "buyerCheckouts"),
                Objects.requireNonNull(organizerHolds, "organizerHolds"),
                Objects.requireNonNull(scannerKey, "scannerKey"),
                Objects.requireNonNull(loginAddress, "loginAddress"),
                Objects.requireNonNull(loginAccount, "loginAccount"))) {
            if (!names.add(policy.name())) {
                // Two limits with one name would share Redis keys and metric series.
                throw new IllegalArgumentException(AdmissionMessages.duplicateLimitName(policy.name()));
            }
        }
    }

    public static Limits defaults() {
        return new Limits(
                LimitPolicy.of("buyer-seats", 10, 1, Duration.ofSeconds(6), WhenUnavailable.FAIL_OPEN),
                LimitPolicy.of("buyer-checkouts", 5, 1, Duration.ofSeconds(10), WhenUnavailable.FAIL_OPEN),
                LimitPolicy.of("organizer-holds", 200, 200, Duration.ofSeconds(1), WhenUnavailable.FAIL_OPEN),
                LimitPolicy.of("scanner-key", 50, 20, Duration.ofSeconds(1), WhenUnavailable.FAIL_OPEN),
                LimitPolicy.of("login-address", 10, 10, Duration.ofMinutes(1), WhenUnavailable.LOCAL_BUCKET),
                LimitPolicy.of("login-account", 20, 20, Duration.ofHours(1), WhenUnavailable.LOCAL_BUCKET));
    }

    public List<LimitPolicy> all() {
        return List.of(buyerSeats, buyerCheckouts, organizerHolds, scannerKey, loginAddress, loginAccount);
    }

    /** These limits with the one named like {@code changed} replaced by it. */
    public Limits with(LimitPolicy changed) {
        if (all().stream().noneMatch(policy -> policy.name().equals(changed.name()))) {
            throw new IllegalArgumentException(AdmissionMessages.unknownLimit(changed.name()));
        }
        List<LimitPolicy> policies = all().stream()
                .map(policy -> policy.name().equals(changed.name()) ? changed : policy)
                .toList();
        return new Limits(policies.get(0), policies.get(1), policies.get(2), policies.get(3), policies.get(4),
                policies.get(5));
    }
}
