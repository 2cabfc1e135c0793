package io.stagedoor.admission.entryloop;

import java.util.Optional;

/**
 * The closed loop's one rule, a pure function the ingress steps with and the audit replays: from the rate in force
 * and the pipeline's {@link Headroom}, the next rate. Any input over its high mark multiplies the rate by
 * {@code decrease}; every input under its low mark multiplies it by {@code increase}; else it stays. The result is
 * kept between the floor and the ceiling and rounded to hundredths. With no reading at all, or an unknown lag, it
 * never rises: a loop that did not measure does not claim room.
 */
public final class RateLaw {

    private final HeadroomMarks marks;

    public RateLaw(HeadroomMarks marks) {
        this.marks = marks;
    }

    public static RateLaw defaults() {
        return new RateLaw(HeadroomMarks.defaults());
    }

    public HeadroomMarks marks() {
        return marks;
    }

    /** The move from {@code rate} given {@code headroom}, between {@code floor} and {@code ceiling}. */
    public RateMove next(double rate, double floor, double ceiling, Headroom headroom) {
        if (headroom.instances() == 0) {
            return new RateMove(clamp(rate, floor, ceiling), RateMove.HOLD);
        }
        Optional<String> over = over(headroom);
        if (over.isPresent()) {
            return new RateMove(clamp(rate * marks.decrease(), floor, ceiling), over.get());
        }
        if (under(headroom)) {
            return new RateMove(clamp(Math.max(rate * marks.increase(), rate + 1), floor, ceiling), RateMove.HEADROOM);
        }
        return new RateMove(clamp(rate, floor, ceiling), RateMove.HOLD);
    }

    /** The first input over its high mark, in the order the pipeline meets them. */
    private Optional<String> over(Headroom headroom) {
        if (headroom.permitsBusy() > marks.permitsHigh()) {
            return Optional.of(RateMove.PERMITS);
        }
        if (headroom.consumerLag() > marks.lagHigh()) {
            return Optional.of(RateMove.LAG);
        }
        if (headroom.resultP99Millis() > marks.latencyHigh()) {
            return Optional.of(RateMove.LATENCY);
        }
        if (headroom.schedulingLagMillis() > marks.schedulingHigh()) {
            return Optional.of(RateMove.SCHEDULING);
        }
        return Optional.empty();
    }

    private boolean under(Headroom headroom) {
        return headroom.permitsBusy() < marks.permitsLow()
                && headroom.consumerLag() >= 0 && headroom.consumerLag() < marks.lagLow()
                && headroom.resultP99Millis() < marks.latencyLow()
                && headroom.schedulingLagMillis() < marks.schedulingLow();
    }

    private static double clamp(double rate, double floor, double ceiling) {
        double kept = Math.max(floor, Math.min(ceiling, rate));
        return Math.round(kept * 100) / 100.0;
    }
}
