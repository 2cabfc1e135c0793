package io.stagedoor.admission.entryloop;

/**
 * What {@link RateLaw} decided: the next rate and the input that decided it.
 *
 * @param rate   the next rate, buyers per second
 * @param reason {@code permits}, {@code lag}, {@code latency} or {@code scheduling} for a step down (the first input
 *               over its high mark), {@code headroom} for a step up, {@code hold} when the rate stays
 */
public record RateMove(double rate, String reason) {

    public static final String PERMITS = "permits";
    public static final String LAG = "lag";
    public static final String LATENCY = "latency";
    public static final String SCHEDULING = "scheduling";
    public static final String HEADROOM = "headroom";
    public static final String HOLD = "hold";
}
