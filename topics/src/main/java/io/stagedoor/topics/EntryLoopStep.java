package io.stagedoor.topics;

/**
 * Why a closed-loop room's entry rate changed, carried by a {@value WaitingRoomRecord#RATE_STEP} record: the rate
 * before, the bounds in force and the headroom the pipeline reported, so an auditor can replay the step.
 *
 * @param previousRate       the rate before the step, buyers per second
 * @param floor              the loop's floor in force
 * @param ceiling            the loop's ceiling in force
 * @param permitsInUse       checkout permits held across the reporting ingress instances
 * @param permitsLimit       checkout permits those instances have in all
 * @param consumerLag        records of the hold and checkout topics the inventory had not read yet
 * @param resultP99Millis    the 99th percentile of hold POST-to-result latency over the last window, ms (0 when no
 *                           result arrived)
 * @param schedulingLagMillis the largest mean scheduling lag an instance reported over its last window, ms
 * @param instances          ingress instances whose readings were summed
 * @param reason             which input moved the rate ({@code permits}, {@code lag}, {@code latency},
 *                           {@code scheduling}), or {@code headroom} when every input had room
 */
public record EntryLoopStep(double previousRate, double floor, double ceiling, int permitsInUse, int permitsLimit,
                            long consumerLag, long resultP99Millis, long schedulingLagMillis, int instances,
                            String reason) {
}
