package io.stagedoor.ingress.front;

import io.stagedoor.ingress.holds.HoldRequests;
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
 * Which raw requests the front takes as holds: {@code POST /v1/events/{id}/holds} on the public listener, written
 * plainly (nothing to decode or normalise, so Jersey would match the same resource), a JSON body whose every byte has
 * arrived (so reading it never waits for the client) and an {@code Accept} the hold route produces for. Anything
 * else (a chunked or dribbled body, an odd media type, a path with escapes) is left to Jersey, whose rings answer
 * it as they always have; the front only ever makes the common case cheaper.
 */
final class HoldsRoute {

    private static final Pattern PATH = Pattern.compile("/v1/events/([A-Za-z0-9_~-][A-Za-z0-9._~-]{0,127})/holds");
    /**
     * What the hold route produces for: its 202 is {@code application/json}. {@code application/problem+json} alone is
     * not here: Jersey answers it 406 before any ring, so the front must not charge a hold it would never publish.
     */
    private static final Set<String> PLAIN_ACCEPT = Set.of("*/*", "application/json");
    private static final String JSON = "application/json";

    private final IntSupplier adminPort;
    private final int maxBodyBytes;

    HoldsRoute(IntSupplier adminPort, HoldRequests holds) {
        this.adminPort = adminPort;
        this.maxBodyBytes = holds.maxBodyBytes();
    }

    /** The event id of a hold the front takes; empty for any other request. */
    Optional<String> eventId(Request request) {
        if (!Method.POST.equals(request.getMethod()) || request.getLocalPort() == adminPort.getAsInt()) {
            return Optional.empty();
        }
        Matcher path = PATH.matcher(request.getRequestURI());
        if (!path.matches() || !json(request.getContentType()) || !plainAccept(request.getHeader("Accept"))
                || request.getHeader("Expect") != null || !arrived(request)) {
            return Optional.empty();
        }
        return Optional.of(path.group(1));
    }

    /** The whole body of a request {@link #eventId} took, copied without consuming it. */
    byte[] body(Request request) {
        byte[] bytes = new byte[request.getContentLength()];
        Buffer ready = request.getInputBuffer().getBuffer().duplicate();
        ready.get(bytes);
        return bytes;
    }

    private boolean arrived(Request request) {
        int length = request.getContentLength();
        return length > 0 && length <= maxBodyBytes && request.getInputBuffer().readyData() >= length;
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
