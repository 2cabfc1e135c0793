package io.stagedoor.client.internal;

import java.net.URI;
import java.nio.charset.StandardCharsets;

/** The service's routes, under the base URI, with every path segment percent-encoded. */
public final class Routes {

    private final URI base;
    private final String prefix;

    public Routes(URI base) {
        this.base = base;
        String text = base.toString();
        this.prefix = text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    public URI holds(String eventId) {
        return at("/v1/events/" + segment(eventId) + "/holds");
    }

    public URI checkout(String holdId) {
        return at("/v1/holds/" + segment(holdId) + "/checkout");
    }

    public URI result(String correlationId) {
        return at("/v1/results/" + segment(correlationId));
    }

    public URI login() {
        return at("/v1/login");
    }

    public URI queue(String eventId) {
        return at("/v1/events/" + segment(eventId) + "/queue");
    }

    public URI queueTicket(String eventId, String ticket) {
        return at("/v1/events/" + segment(eventId) + "/queue/" + segment(ticket));
    }

    /** A {@code Location} the service sent, resolved as RFC 9110 says: against the request's URI. */
    public URI resolve(String location) {
        return base.resolve(location);
    }

    private URI at(String path) {
        return URI.create(prefix + path);
    }

    /** RFC 3986 percent-encoding of everything but the unreserved characters. */
    static String segment(String value) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~".indexOf(c) >= 0) {
                encoded.append(c);
            } else {
                encoded.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
        }
        return encoded.toString();
    }
}
