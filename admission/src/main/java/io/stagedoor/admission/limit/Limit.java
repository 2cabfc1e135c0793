package io.stagedoor.admission.limit;

import io.stagedoor.admission.AdmissionMessages;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * One limit as it is declared: its bucket ({@link LimitPolicy}, which names it), the routes it applies to, what it
 * keys on and what a request costs it. A declaration is one line of configuration ({@link LimitDeclaration}).
 *
 * @param policy the bucket, its name and what it does while Redis is down
 * @param routes the routes it applies to, not empty; its key must be known on each
 * @param key    what its buckets are keyed on
 * @param cost   what one request takes; per seat only on holds
 */
public record Limit(LimitPolicy policy, Set<LimitedRoute> routes, LimitKey key, LimitCost cost) {

    public Limit {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(cost, "cost");
        if (routes == null || routes.isEmpty()) {
            throw new IllegalArgumentException(AdmissionMessages.badLimitDeclaration(policy.name(), "", "no route"));
        }
        routes = Set.copyOf(EnumSet.copyOf(routes));
        for (LimitedRoute route : routes) {
            if (!key.knownOn(route)) {
                throw new IllegalArgumentException(
                        AdmissionMessages.limitKeyNotOnRoute(policy.name(), key.word(), route.tag()));
            }
        }
        if (cost.perSeat() && !routes.equals(Set.of(LimitedRoute.HOLDS))) {
            throw new IllegalArgumentException(AdmissionMessages.seatCostOffHolds(policy.name()));
        }
    }

    public String name() {
        return policy.name();
    }

    /** This declaration with another bucket (its name kept). */
    public Limit with(LimitPolicy changed) {
        return new Limit(changed, routes, key, cost);
    }

    /** The check of this limit on {@code subject}, or null when the subject lacks this limit's key. */
    LimitCheck on(LimitSubject subject) {
        String value = subject.key(key);
        return value == null ? null : new LimitCheck(policy, value, cost.of(subject.seats()));
    }
}
