package io.stagedoor.admission.limit;

import io.stagedoor.admission.AdmissionMessages;

/**
 * What one request takes from a limit's bucket ({@code cost} in a limit's declaration): a fixed number of tokens,
 * or one token per seat of a hold.
 *
 * @param tokens  tokens per request, or per seat when {@code perSeat}; at least 1 (1 when per seat)
 * @param perSeat whether the cost is counted per seat of the hold
 */
public record LimitCost(long tokens, boolean perSeat) {

    static final String SEATS = "seats";
    /** One token per request, the cost a declaration that names none takes. */
    public static final LimitCost ONE = new LimitCost(1, false);

    public LimitCost {
        if (tokens < 1) {
            throw new IllegalArgumentException(AdmissionMessages.notPositive("cost", tokens));
        }
        if (perSeat && tokens != 1) {
            throw new IllegalArgumentException(AdmissionMessages.perSeatCostNotOne(tokens));
        }
    }

    /** The tokens a request of {@code seats} seats takes (a request without seats counts as one). */
    public long of(int seats) {
        return perSeat ? tokens * Math.max(1, seats) : tokens;
    }

    /** As a declaration writes it: {@code 1}, {@code 3}, {@code seats}. */
    public String word() {
        return perSeat ? SEATS : String.valueOf(tokens);
    }
}
