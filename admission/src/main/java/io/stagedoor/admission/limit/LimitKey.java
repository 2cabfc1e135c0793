package io.stagedoor.admission.limit;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** What a limit keys its buckets on ({@code per} in a limit's declaration), and the routes that know it. */
public enum LimitKey {
    /** The buyer of the token, on holds and checkouts. */
    BUYER(EnumSet.of(LimitedRoute.HOLDS, LimitedRoute.CHECKOUT)),
    /** The organizer of the hold's event. */
    ORGANIZER(EnumSet.of(LimitedRoute.HOLDS)),
    /** The hold's event. */
    EVENT(EnumSet.of(LimitedRoute.HOLDS)),
    /** The scanner's API key. */
    API_KEY(EnumSet.of(LimitedRoute.SCANS)),
    /** The client's address through the trusted proxies (an IPv6 /64), known before authentication. */
    ADDRESS(EnumSet.of(LimitedRoute.LOGIN)),
    /** The account's canonical email and the client's network, one bucket per pair. */
    ACCOUNT(EnumSet.of(LimitedRoute.LOGIN));

    private final Set<LimitedRoute> routes;
    private final String word = name().toLowerCase(Locale.ROOT).replace('_', '-');

    LimitKey(Set<LimitedRoute> routes) {
        this.routes = routes;
    }

    /** Whether a request on {@code route} carries this key. */
    public boolean knownOn(LimitedRoute route) {
        return routes.contains(route);
    }

    /** As a declaration writes it: {@code buyer}, {@code api-key}. */
    public String word() {
        return word;
    }

    /** The key a declaration names, or null. */
    static LimitKey ofWord(String word) {
        for (LimitKey key : values()) {
            if (key.word.equals(word)) {
                return key;
            }
        }
        return null;
    }
}
