package io.stagedoor.admission.limit;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one request offers the limits to key on: the keys it knows (a hold knows its buyer, organizer and event; a
 * login first its address, then its account) and its seats. A limit whose key the subject lacks does not apply to
 * it: so the address ring and the login resource each decide the login limits of their own key.
 */
public final class LimitSubject {

    private final Map<LimitKey, String> keys;
    private final int seats;

    private LimitSubject(Map<LimitKey, String> keys, int seats) {
        this.keys = keys;
        this.seats = seats;
    }

    /** A subject of one key, with no seats. */
    public static LimitSubject of(LimitKey key, String value) {
        Map<LimitKey, String> keys = new EnumMap<>(LimitKey.class);
        keys.put(key, Objects.requireNonNull(value, "value"));
        return new LimitSubject(keys, 0);
    }

    /** A hold of {@code seats} seats by {@code buyer} for {@code event} of {@code organizer}. */
    public static LimitSubject hold(String buyer, String organizer, String event, int seats) {
        Map<LimitKey, String> keys = new EnumMap<>(LimitKey.class);
        keys.put(LimitKey.BUYER, Objects.requireNonNull(buyer, "buyer"));
        keys.put(LimitKey.ORGANIZER, Objects.requireNonNull(organizer, "organizer"));
        keys.put(LimitKey.EVENT, Objects.requireNonNull(event, "event"));
        return new LimitSubject(keys, seats);
    }

    /** The value of {@code key}, or null when this request does not carry it. */
    public String key(LimitKey key) {
        return keys.get(key);
    }

    public int seats() {
        return seats;
    }
}
