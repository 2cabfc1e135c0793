package io.stagedoor.ingress.rings;

import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemType;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.glassfish.grizzly.Connection;

/**
 * A request body that must be read whole by an absolute deadline. A per-read timeout alone lets a client sending
 * one byte per read hold the request for ever, so before every read the connection's read timeout is set to the
 * time left until the deadline: Grizzly's blocking read waits on a temporary selector for at most that long, which
 * returns the parked (virtual) thread at the deadline. The connection's own timeout is put back after each read,
 * since it outlives the request on a kept-alive connection.
 *
 * <p>A read that the deadline ends throws a 408 {@link ProblemException} with {@code Connection: close}, unchecked so
 * that readers turning {@link IOException} into a 400 let it through, and the connection is closed once the answer
 * is written: Grizzly keeps a connection alive whatever the response's header says, and the rest of a body that
 * may never come is not worth waiting for.
 */
final class DeadlineBody extends InputStream {

    private static final long EARLY_WAKE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final InputStream body;
    private final Connection<?> connection;
    private final long deadlineNanos;
    private final Duration deadline;
    private final LongSupplier nanoClock;
    private final Runnable closeAfterAnswer;

    DeadlineBody(InputStream body, Connection<?> connection, long deadlineNanos, Duration deadline,
                 LongSupplier nanoClock, Runnable closeAfterAnswer) {
        this.body = body;
        this.closeAfterAnswer = closeAfterAnswer;
        this.connection = connection;
        this.deadlineNanos = deadlineNanos;
        this.deadline = deadline;
        this.nanoClock = nanoClock;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int read = read(one, 0, 1);
        return read < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        // Rounded up, so a read the timeout ends returns at the deadline, never a millisecond before it. Past the
        // deadline a read still gets a millisecond: bytes that already arrived (a ring inside was slow to read
        // them) and the end of the body are there without waiting; only bytes still on the wire time out.
        long left = Math.max(0, deadlineNanos - nanoClock.getAsLong());
        long own = connection.getReadTimeout(TimeUnit.MILLISECONDS);
        connection.setReadTimeout(TimeUnit.NANOSECONDS.toMillis(left) + 1, TimeUnit.MILLISECONDS);
        try {
            return body.read(buffer, offset, length);
        } catch (IOException e) {
            if (expired()) {
                throw tooSlow();
            }
            throw e;
        } finally {
            connection.setReadTimeout(own, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public int available() throws IOException {
        return body.available();
    }

    @Override
    public void close() throws IOException {
        body.close();
    }

    /** Whether the deadline has passed, give or take a scheduler's tick of an early-woken selector. */
    private boolean expired() {
        return nanoClock.getAsLong() - deadlineNanos >= -EARLY_WAKE_NANOS;
    }

    private ProblemException tooSlow() {
        closeAfterAnswer.run();
        return new ProblemException(Problem.of(ProblemType.REQUEST_TIMEOUT,
                IngressMessages.bodyTooSlow(deadline.toMillis())), Map.of("Connection", "close"));
    }
}
