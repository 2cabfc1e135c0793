package io.stagedoor.admission.limit;

import java.util.Locale;

/** The routes a limit may apply to ({@code on} in a limit's declaration). */
public enum LimitedRoute {
    /** Holds: decided in the front stage, or by the principal ring, once the hold is read. */
    HOLDS,
    /** Checkouts: decided by the principal ring once the checkout is validated. */
    CHECKOUT,
    /** Scans: decided by the principal ring. */
    SCANS,
    /** Login: the address limits before authentication and the password hash, the account limits before the hash. */
    LOGIN;

    private final String tag = name().toLowerCase(Locale.ROOT);

    /** Lowercase, as declarations, audit records and metrics name the route. */
    public String tag() {
        return tag;
    }

    /** The route a declaration names, or null. */
    static LimitedRoute ofTag(String tag) {
        for (LimitedRoute route : values()) {
            if (route.tag.equals(tag)) {
                return route;
            }
        }
        return null;
    }
}
