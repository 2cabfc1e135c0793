package io.stagedoor.workers.payment;

import io.stagedoor.workers.WorkersMessages;
import java.time.Duration;

/**
 * How the simulated gateway Payrail behaves. Test tokens force an outcome whatever the rates:
 * {@value #TOKEN_OK}, {@value #TOKEN_DECLINE}, {@value #TOKEN_TIMEOUT}.
 *
 * @param latency     how long every answer takes (default 500 ms)
 * @param declineRate share of other tokens' charges declined (default 0)
 * @param timeoutRate share of other tokens' charges that never answer in time (default 0)
 * @param hangFor     how long a timed-out charge stays silent before it fails (default 30 s)
 * @param seed        the random seed for the rates (default 42), so a run can be repeated
 */
public record PayrailSettings(Duration latency, double declineRate, double timeoutRate, Duration hangFor, long seed) {

    public static final String TOKEN_OK = "tok_ok";
    public static final String TOKEN_DECLINE = "tok_decline";
    public static final String TOKEN_TIMEOUT = "tok_timeout";

    public PayrailSettings {
        if (latency == null || latency.isNegative()) {
            throw new IllegalArgumentException(WorkersMessages.negativeLatency(latency));
        }
        if (hangFor == null || hangFor.isNegative()) {
            throw new IllegalArgumentException(WorkersMessages.negativeHang(hangFor));
        }
        if (declineRate < 0 || timeoutRate < 0 || declineRate + timeoutRate > 1) {
            throw new IllegalArgumentException(WorkersMessages.badFailureShares(declineRate, timeoutRate));
        }
    }

    /** 500 ms latency, no random failures. */
    public static PayrailSettings defaults() {
        return new PayrailSettings(Duration.ofMillis(500), 0, 0, Duration.ofSeconds(30), 42);
    }

    /** The same behaviour with another latency. */
    public PayrailSettings withLatency(Duration newLatency) {
        return new PayrailSettings(newLatency, declineRate, timeoutRate, hangFor, seed);
    }

    /** The same behaviour with other failure rates. */
    public PayrailSettings withRates(double decline, double timeout) {
        return new PayrailSettings(latency, decline, timeout, hangFor, seed);
    }
}
