package io.stagedoor.admission.entryloop;

/**
 * What the pipeline reports about its room to take more buyers: one instance's reading, or the sum of every
 * instance's ({@link #plus}).
 *
 * @param permitsInUse        checkout permits held now
 * @param permitsLimit        checkout permits there are
 * @param consumerLag         records of the hold and checkout topics the inventory has not read; -1 when unknown
 * @param resultP99Millis     99th percentile of hold POST-to-result latency over the last window, ms; 0 when no
 *                            result arrived in it
 * @param schedulingLagMillis how late the instance's ticker thread woke on average over the last window, ms
 * @param instances           instances whose readings this sums
 */
public record Headroom(int permitsInUse, int permitsLimit, long consumerLag, long resultP99Millis,
                       long schedulingLagMillis, int instances) {

    /** Nothing reported. */
    public static final Headroom NONE = new Headroom(0, 0, -1, 0, 0, 0);

    /**
     * The pipeline as both readings see it: permits add up (each instance has its own), the rest is the worse of the
     * two (every instance reads the same lag and the same results; one late instance is late for its buyers).
     */
    public Headroom plus(Headroom other) {
        return new Headroom(permitsInUse + other.permitsInUse, permitsLimit + other.permitsLimit,
                Math.max(consumerLag, other.consumerLag), Math.max(resultP99Millis, other.resultP99Millis),
                Math.max(schedulingLagMillis, other.schedulingLagMillis), instances + other.instances);
    }

    /** Share of the checkout permits held, 0 to 1; 0 when there are none. */
    public double permitsBusy() {
        return permitsLimit == 0 ? 0 : (double) permitsInUse / permitsLimit;
    }
}
