package io.stagedoor.bench.load;

/**
 * One request and its answer as a load loop saw it. Times are {@link System#nanoTime()}: {@code intended} is when
 * the schedule meant to send it (open loop) or when it was sent (closed loop), so latency measured from it
 * includes any wait the driver had for a free connection (no coordinated omission).
 *
 * @param index    the request's number in its loop
 * @param answer   the response, or null when the exchange failed
 * @param intended when it was meant to be sent
 * @param sent     when it was written
 * @param done     when its response was read (or it failed)
 */
public record Exchange(long index, HttpConnection.HttpAnswer answer, long intended, long sent, long done) {

    /** The HTTP status, or -1 when the exchange failed. */
    public int status() {
        return answer == null ? -1 : answer.status();
    }

    /** Microseconds from the intended send time to the response. */
    public long latencyMicros() {
        return Math.max(1, (done - intended) / 1_000);
    }

    /** Microseconds from writing the request to reading the response: the server's answer time. */
    public long serviceMicros() {
        return Math.max(1, (done - sent) / 1_000);
    }
}
