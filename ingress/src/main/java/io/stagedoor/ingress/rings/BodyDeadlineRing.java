package io.stagedoor.ingress.rings;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.inject.Provider;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.Request;

/**
 * A request body must arrive within a deadline of the request reaching the door, however it trickles: a body
 * that sends nothing, or one byte a second, is answered 408 at the deadline, the connection closed after the
 * answer, and its door and per-client permits freed by their response filters. Installed on the entity stream
 * before matching, so every later reader (a ring counting seats, {@code JsonBody} in a resource) reads through it.
 */
@PreMatching
@Priority(RingOrder.BODY_DEADLINE)
public final class BodyDeadlineRing implements ContainerRequestFilter {

    private final Duration deadline;
    private final LongSupplier nanoClock;

    @Inject
    private Provider<Request> connection;

    public BodyDeadlineRing(Duration deadline) {
        this(deadline, System::nanoTime);
    }

    BodyDeadlineRing(Duration deadline, LongSupplier nanoClock) {
        this.deadline = deadline;
        this.nanoClock = nanoClock;
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!announcesBody(request)) {
            return;
        }
        Request grizzly = connection.get();
        Connection<?> transport = grizzly.getContext().getConnection();
        request.setEntityStream(new DeadlineBody(request.getEntityStream(), transport,
                nanoClock.getAsLong() + deadline.toNanos(), deadline, nanoClock,
                () -> grizzly.addAfterServiceListener(finished -> transport.closeSilently())));
    }

    /** Whether the headers promise a body (a length above zero, or chunks); asking Jersey would read from it. */
    private static boolean announcesBody(ContainerRequestContext request) {
        if (request.getHeaderString("Transfer-Encoding") != null) {
            return true;
        }
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        return length != null && !length.equals("0");
    }
}
