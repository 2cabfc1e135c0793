package io.stagedoor.admission.lanes;

import io.stagedoor.admission.AdmissionMessages;
import java.util.List;

/**
 * Splits a room's entry rate among its lanes: while every lane has buyers waiting, each gets the rate times its share
 * (shares normalised); a lane with nobody waiting lends its share to the lanes that have buyers, in proportion to
 * theirs, and keeps its own share's rate for the next buyer who joins it. Over any run, the lanes with buyers admit
 * at the whole rate between them. Stateless.
 */
public final class LaneRates {

    private LaneRates() {
    }

    /**
     * Each lane's rate, in the order of {@code shares}.
     *
     * @param total   the room's entry rate, buyers per second
     * @param shares  each lane's share, positive
     * @param waiting whether each lane has buyers waiting
     */
    public static double[] split(double total, List<Double> shares, List<Boolean> waiting) {
        if (shares.isEmpty() || shares.size() != waiting.size()) {
            throw new IllegalArgumentException(AdmissionMessages.laneSharesMismatch(shares.size(), waiting.size()));
        }
        double all = 0;
        double busy = 0;
        for (int i = 0; i < shares.size(); i++) {
            double share = shares.get(i);
            if (!(share > 0) || Double.isInfinite(share)) {
                throw new IllegalArgumentException(AdmissionMessages.laneShareNotPositive(String.valueOf(i), share));
            }
            all += share;
            busy += waiting.get(i) ? share : 0;
        }
        double[] rates = new double[shares.size()];
        for (int i = 0; i < rates.length; i++) {
            rates[i] = total * shares.get(i) / (waiting.get(i) ? busy : all);
        }
        return rates;
    }
}
