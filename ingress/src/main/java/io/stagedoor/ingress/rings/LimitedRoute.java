package io.stagedoor.ingress.rings;

/** The routes a rate-limit ring applies to, each with the limits it takes. */
public enum LimitedRoute {
    /** Holds: the buyer's seats (one token per seat) and the event organizer's aggregate, all or nothing. */
    HOLDS,
    /** Checkouts: the buyer's checkout limit. */
    CHECKOUT,
    /** Scans: the API key's limit. */
    SCANS,
    /** Login: the source address's limit, before authentication and before the password hash. */
    LOGIN;

    private final String tag = name().toLowerCase(java.util.Locale.ROOT);

    /** Lowercase, as audit records and metrics name the route. */
    public String tag() {
        return tag;
    }
}
