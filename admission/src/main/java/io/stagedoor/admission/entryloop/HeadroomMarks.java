package io.stagedoor.admission.entryloop;

import io.stagedoor.admission.AdmissionMessages;

/**
 * Where {@link RateLaw} turns: above a high mark the rate comes down, below every low mark it goes up, between them
 * it stays. The checkout mark sits below the bound on purpose: the rate has to fall before the bound sheds, not
 * after. Defaults in {@link #defaults()}.
 *
 * @param permitsHigh     share of checkout permits held above which the rate falls (default 0.7)
 * @param permitsLow      share below which it may rise (default 0.4)
 * @param lagHigh         inventory records unread above which it falls (default 500)
 * @param lagLow          records below which it may rise (default 100)
 * @param latencyHigh     hold POST-to-result p99 above which it falls, ms (default 1,000)
 * @param latencyLow      p99 below which it may rise, ms (default 400)
 * @param schedulingHigh  an instance's scheduling lag above which it falls, ms (default 100)
 * @param schedulingLow   lag below which it may rise, ms (default 30)
 * @param decrease        factor of a step down (default 0.7)
 * @param increase        factor of a step up (default 1.15; a step up adds at least one buyer a second)
 */
public record HeadroomMarks(double permitsHigh, double permitsLow, long lagHigh, long lagLow, long latencyHigh,
                            long latencyLow, long schedulingHigh, long schedulingLow, double decrease,
                            double increase) {

    public HeadroomMarks {
        if (!(permitsLow < permitsHigh) || lagLow >= lagHigh || latencyLow >= latencyHigh
                || schedulingLow >= schedulingHigh) {
            throw new IllegalArgumentException(AdmissionMessages.lowMarkNotBelowHighMark());
        }
        if (!(decrease > 0 && decrease < 1) || !(increase > 1)) {
            throw new IllegalArgumentException(AdmissionMessages.stepsMoveTheWrongWay());
        }
    }

    public static HeadroomMarks defaults() {
        return new HeadroomMarks(0.7, 0.4, 500, 100, 1_000, 400, 100, 30, 0.7, 1.15);
    }
}
