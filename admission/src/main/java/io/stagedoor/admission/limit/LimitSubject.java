package io.stagedoor.admission.limit;

import java.util.Objects;

/**
 * What one request offers the limits to key on: the keys it knows (a hold knows its buyer, organizer and event; a
 * login first its address, then its account), null for the others, and its seats. A limit whose key the subject
 * lacks does not apply to it: so the address ring and the login resource each decide the login limits of their own
 * key. A value on the request path, so plain fields rather than a map.
 *
 * @param buyer     the buyer of the token, or null
 * @param organizer the organizer of the hold's event, or null
 * @param event     the hold's event, or null
 * @param apiKey    the scanner's API key, or null
 * @param address   the client's address key, or null
 * @param account   the account key (canonical email and network), or null
 * @param seats     the hold's seats, 0 for a request without seats
 */
public record LimitSubject(String buyer, String organizer, String event, String apiKey, String address,
                           String account, int seats) {

    /** A subject of one key, with no seats. */
    public static LimitSubject of(LimitKey key, String value) {
        Objects.requireNonNull(value, "value");
        return new LimitSubject(key == LimitKey.BUYER ? value : null, key == LimitKey.ORGANIZER ? value : null,
                key == LimitKey.EVENT ? value : null, key == LimitKey.API_KEY ? value : null,
                key == LimitKey.ADDRESS ? value : null, key == LimitKey.ACCOUNT ? value : null, 0);
    }

    /** A hold of {@code seats} seats by {@code buyer} for {@code event} of {@code organizer}. */
    public static LimitSubject hold(String buyer, String organizer, String event, int seats) {
        return new LimitSubject(Objects.requireNonNull(buyer, "buyer"), Objects.requireNonNull(organizer, "organizer"),
                Objects.requireNonNull(event, "event"), null, null, null, seats);
    }

    /** The value of {@code key}, or null when this request does not carry it. */
    public String key(LimitKey key) {
        return switch (key) {
            case BUYER -> buyer;
            case ORGANIZER -> organizer;
            case EVENT -> event;
            case API_KEY -> apiKey;
            case ADDRESS -> address;
            case ACCOUNT -> account;
        };
    }
}
