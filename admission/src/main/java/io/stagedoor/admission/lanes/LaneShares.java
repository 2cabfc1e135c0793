package io.stagedoor.admission.lanes;

import io.stagedoor.admission.AdmissionMessages;
import java.util.List;
import java.util.function.Predicate;

/**
 * Gives each admission of a room to one of its lanes, in proportion to the lanes' shares of the entry rate (smooth
 * weighted round robin): over any run in which every lane has buyers waiting, a lane with share {@code s} of {@code n}
 * admissions gets {@code s·n} of them within one. A lane with nobody waiting is passed over and earns no credit, so its
 * share flows to the lanes that have buyers, in their own proportions, and it cannot save up a burst for later. Not
 * thread-safe: one per room, called where the room admits.
 */
public final class LaneShares {

    private final List<String> lanes;
    private final double[] shares;
    private final double[] credit;

    /** @param shares each lane's share of the entry rate, positive; they need not sum to one (they are normalised) */
    public LaneShares(List<String> lanes, List<Double> shares) {
        if (lanes.isEmpty() || lanes.size() != shares.size()) {
            throw new IllegalArgumentException(AdmissionMessages.laneSharesMismatch(lanes.size(), shares.size()));
        }
        this.lanes = List.copyOf(lanes);
        this.shares = new double[shares.size()];
        double sum = 0;
        for (int i = 0; i < shares.size(); i++) {
            double share = shares.get(i);
            if (!(share > 0) || Double.isInfinite(share)) {
                throw new IllegalArgumentException(AdmissionMessages.laneShareNotPositive(lanes.get(i), share));
            }
            this.shares[i] = share;
            sum += share;
        }
        for (int i = 0; i < this.shares.length; i++) {
            this.shares[i] /= sum;
        }
        this.credit = new double[this.shares.length];
    }

    /**
     * The lane the next admission goes to, among those {@code waiting} says have buyers; null when none has. Each
     * waiting lane earns its share (renormalised over the waiting lanes); the one with the most credit wins and pays
     * one admission.
     */
    public String next(Predicate<String> waiting) {
        double active = 0;
        for (int i = 0; i < shares.length; i++) {
            if (waiting.test(lanes.get(i))) {
                active += shares[i];
            } else {
                credit[i] = 0; // an empty lane saves nothing for later
            }
        }
        if (active == 0) {
            return null;
        }
        int best = -1;
        for (int i = 0; i < shares.length; i++) {
            if (waiting.test(lanes.get(i))) {
                credit[i] += shares[i] / active;
                if (best < 0 || credit[i] > credit[best]) {
                    best = i;
                }
            }
        }
        credit[best] -= 1;
        return lanes.get(best);
    }
}
