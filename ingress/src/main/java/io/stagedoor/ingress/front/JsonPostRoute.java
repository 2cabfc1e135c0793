package io.stagedoor.ingress.front;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.glassfish.grizzly.Buffer;
import org.glassfish.grizzly.http.Method;
import org.glassfish.grizzly.http.server.Request;

/**
 * Which raw requests the front takes on one JSON route: a {@code POST} to its path on the public listener, written
 * plainly (nothing to decode or normalise, so Jersey would match the same resource), with a JSON body and an
 * {@code Accept} the route produces for, without {@code Expect}. Anything else (an odd media type, a path with
 * escapes) is left to Jersey, whose rings answer it as they always have; the front only ever makes the common case
 * cheaper. Where the front reads the body, it also needs every byte of it to have arrived ({@link #arrived}), so that
 * reading it never waits for the client.
 */
final class JsonPostRoute {

    /** One path segment as the front takes it: plain characters, no escapes, no dot segment. */
    static final String SEGMENT = "([A-Za-z0-9_~-][A-Za-z0-9._~-]{0,127})";
    /**
     * What a JSON route produces for: its 202 is {@code application/json}. {@code application/problem+json} alone is
     * not here: Jersey answers it 406 before any ring, so the front must not charge a request it would never accept.
     */
    private static final Set<String> PLAIN_ACCEPT = Set.of("*/*", "application/json");
    private static final String JSON = "application/json";

    private final Pattern path;
    private final IntSupplier adminPort;
    private final int maxBodyBytes;

    /** @param path the route's path, its one variable segment captured ({@link #SEGMENT}) */
    JsonPostRoute(Pattern path, IntSupplier adminPort, int maxBodyBytes) {
        this.path = path;
        this.adminPort = adminPort;
        this.maxBodyBytes = maxBodyBytes;
    }

    /** The path's variable segment (an event id, a hold id) of a request the front takes; empty for any other. */
    Optional<String> pathId(Request request) {
        if (!Method.POST.equals(request.getMethod()) || request.getLocalPort() == adminPort.getAsInt()) {
            return Optional.empty();
        }
        Matcher matched = path.matcher(request.getRequestURI());
        if (!matched.matches() || !json(request.getContentType()) || !plainAccept(request.getHeader("Accept"))
                || request.getHeader("Expect") != null) {
            return Optional.empty();
        }
        return Optional.of(matched.group(1));
    }

    /** Whether the whole body, within the bound, has arrived, so {@link #body} reads it without waiting. */
    boolean arrived(Request request) {
        int length = request.getContentLength();
        return length > 0 && length <= maxBodyBytes && request.getInputBuffer().readyData() >= length;
    }

    /** The whole body of a request that {@link #arrived}, copied without consuming it. */
    byte[] body(Request request) {
        byte[] bytes = new byte[request.getContentLength()];
        Buffer ready = request.getInputBuffer().getBuffer().duplicate();
        ready.get(bytes);
        return bytes;
    }

    private static boolean json(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.toLowerCase(Locale.ROOT);
        return type.equals(JSON) || (type.startsWith(JSON) && (type.charAt(JSON.length()) == ';'
                || type.charAt(JSON.length()) == ' '));
    }

    /** Whether {@code accept} is absent or one a JSON route answers without negotiation ({@code *}/{@code *}, JSON). */
    static boolean plainAccept(String accept) {
        return accept == null || PLAIN_ACCEPT.contains(accept);
    }
}
