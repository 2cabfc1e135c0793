package io.stagedoor.harness.demo;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the on-sale was a healthy one, in three figures each with its verdict: the room's answers from the
 * instance's fallback queue while Redis was up (against those in the outage window), the share of checkout requests
 * shed at the checkout bound while Redis was up (the backlog of checkouts refused in the outage, which come back at
 * once when it ends, is shown apart), and the holds' POST-to-result latency at the hold rate admitted, with the
 * {@code bench/run e2e} line that measures the pipeline alone at that rate (and the ratio to its p99 when given).
 *
 * @param trafficFrom      when the traffic began: the report's times are from it
 * @param roomFallbacks    the room's fallback answers, split by the outage window
 * @param outagePlayed     whether Redis was stopped in the run
 * @param buyers           buyers in the crowd
 * @param checkoutShed     checkout requests shed with a 503 at the checkout bound (the ingress's count), split by
 *                         the outage window and the breaker's recovery after it
 * @param checkoutRequests checkout requests the clients sent, retries included
 * @param checkoutCalls    checkouts the clients asked for
 * @param holdsAccepted    holds the service accepted
 * @param onSale           from the room's opening to the last hold accepted
 * @param holdP50Nanos     holds' POST-to-result median
 * @param holdP99Nanos     holds' POST-to-result 99th percentile
 * @param holdP99UpNanos   the same of the holds sent while Redis was up, the outage window left out: what
 *                         {@code bench/run e2e}, which stops nothing, is compared with
 * @param e2eP99           the p99 {@code bench/run e2e} measured at the same rate; zero when not given
 */
record SaleHealth(Instant trafficFrom, FallbackTimeline.Split roomFallbacks, boolean outagePlayed, int buyers,
                  FallbackTimeline.Split checkoutShed,
                  long checkoutRequests, long checkoutCalls, long holdsAccepted, Duration onSale, long holdP50Nanos,
                  long holdP99Nanos, long holdP99UpNanos, Duration e2eP99) {

    /** The reason the ingress's checkout bound sheds with (tag {@code reason} of its shed counter). */
    static final String CHECKOUT_BOUND_REASON = "checkout-bound";
    /** Room fallback answers while Redis was up that a healthy run stays within, as a share of the buyers. */
    static final double HEALTHY_ROOM_FALLBACK_SHARE = 0.01;
    /** Share of checkout requests shed at the bound that a healthy run stays within: "a small share". */
    static final double HEALTHY_CHECKOUT_SHED_SHARE = 0.05;
    /** How far above the pipeline's own p99 at that rate (bench e2e) the demo's may be. */
    static final double HEALTHY_E2E_RATIO = 2.0;

    /** The most fallback answers a healthy run gives while Redis is up. */
    long roomFallbacksAllowed() {
        return (long) Math.floor(buyers * HEALTHY_ROOM_FALLBACK_SHARE);
    }

    boolean roomFallbacksHealthy() {
        return roomFallbacks.whileUp() <= roomFallbacksAllowed();
    }

    /**
     * Checkout requests shed at the bound while Redis was up, of those sent and not shed in the outage window; 0 when
     * none was sent.
     */
    double checkoutShedShare() {
        long judged = checkoutRequests - checkoutShed.inWindow();
        return judged <= 0 ? 0 : (double) checkoutShed.whileUp() / judged;
    }

    boolean checkoutShedHealthy() {
        return checkoutShedShare() <= HEALTHY_CHECKOUT_SHED_SHARE;
    }

    /** Holds accepted per second while on sale. */
    double holdRate() {
        long millis = onSale.toMillis();
        return millis <= 0 ? 0 : holdsAccepted * 1000.0 / millis;
    }

    /** The rate to give {@code bench/run e2e --rates}: the hold rate, rounded, at least 1. */
    long e2eRate() {
        return Math.max(1, Math.round(holdRate()));
    }

    /** The demo's hold p99 while Redis was up over e2e's; 0 when e2e's is not given. */
    double e2eRatio() {
        return e2eP99.isZero() ? 0 : (double) holdP99UpNanos / e2eP99.toNanos();
    }

    boolean e2eHealthy() {
        return e2eP99.isZero() || e2eRatio() <= HEALTHY_E2E_RATIO;
    }

    /** Every figure healthy (the e2e ratio only when e2e's p99 was given). */
    boolean healthy() {
        return roomFallbacksHealthy() && checkoutShedHealthy() && e2eHealthy();
    }

    /** The report's lines, each with its verdict. */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(format("  room fallback  %,d answers from the instance's queue while Redis was up: %s (at most %,d,"
                        + " %.0f %% of the buyers)%s; %,d in the outage window (+%d s breaker recovery)%s",
                roomFallbacks.whileUp(), verdict(roomFallbacksHealthy()), roomFallbacksAllowed(),
                HEALTHY_ROOM_FALLBACK_SHARE * 100, upSpan(), roomFallbacks.inWindow(),
                OnSale.BREAKER_RECOVERY.toSeconds(), outagePlayed ? "" : ", none played"));
        lines.add(format("  checkout shed  %,d of %,d checkout requests shed at the checkout bound while Redis was up"
                        + " = %.1f %%: %s (at most %.0f %%); %,d more in the outage window (+%d s breaker recovery);"
                        + " %,d checkouts asked for", checkoutShed.whileUp(),
                checkoutRequests - checkoutShed.inWindow(), checkoutShedShare() * 100, verdict(checkoutShedHealthy()),
                HEALTHY_CHECKOUT_SHED_SHARE * 100, checkoutShed.inWindow(), OnSale.BREAKER_RECOVERY.toSeconds(),
                checkoutCalls));
        lines.add(format("  hold rate      %.0f holds accepted/s while on sale (%,d in %.1f s); holds POST->result"
                        + " p50 %s p99 %s", holdRate(), holdsAccepted, onSale.toMillis() / 1000.0,
                DemoReport.millis(holdP50Nanos), DemoReport.millis(holdP99Nanos)));
        lines.add(format("                 p99 %s of the holds sent while Redis was up (the outage window left out);"
                + " compare: bench/run e2e --rates %d", DemoReport.millis(holdP99UpNanos), e2eRate()));
        if (!e2eP99.isZero()) {
            lines.add(format("                 that p99 is %.2fx e2e's %d ms at that rate: %s (within %.0fx)",
                    e2eRatio(), e2eP99.toMillis(), verdict(e2eHealthy()), HEALTHY_E2E_RATIO));
        }
        return lines;
    }

    /** When the fallbacks while Redis was up came, from the traffic's start: where to look in the logs. */
    private String upSpan() {
        if (roomFallbacks.upFrom() == null) {
            return "";
        }
        return format(", from +%.1f s to +%.1f s", seconds(roomFallbacks.upFrom()), seconds(roomFallbacks.upTo()));
    }

    private double seconds(Instant at) {
        return Duration.between(trafficFrom, at).toMillis() / 1000.0;
    }

    private static String verdict(boolean healthy) {
        return healthy ? "healthy" : "NOT HEALTHY";
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
