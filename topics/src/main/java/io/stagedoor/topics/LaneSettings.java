package io.stagedoor.topics;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One lane of an event's waiting room: its share of the entry rate, and who belongs. A buyer joins the first lane
 * whose rule they meet; the lane with no rule takes everyone else. Each lane queues apart, with its own positions and
 * wait estimates; a lane with nobody waiting lends its share to the others, in proportion to theirs.
 *
 * @param name        the lane's name, 1 to 32 lower-case letters, digits or hyphens
 * @param share       its share of the entry rate, positive (shares need not sum to one)
 * @param buyers      the accounts that belong, by buyer id (a fan club's, an accessibility list), kept sorted;
 *                    absent: none
 * @param presaleCode whether buyers who join with a presale code belong (the code's kind); absent: false
 */
public record LaneSettings(String name, double share, List<String> buyers, Boolean presaleCode) {

    private static final Pattern NAME = Pattern.compile("[a-z0-9-]{1,32}");

    public LaneSettings {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(TopicsMessages.laneNameBad(name));
        }
        if (!(share > 0) || Double.isInfinite(share)) {
            throw new IllegalArgumentException(TopicsMessages.laneShareNotPositive(name, share));
        }
        // sorted once, so a join finds its buyer by binary search however long the list
        buyers = buyers == null ? List.of() : List.copyOf(new java.util.TreeSet<>(buyers));
        presaleCode = presaleCode != null && presaleCode;
    }

    /** Whether the lane takes everyone the other lanes do not. */
    public boolean takesEveryoneElse() {
        return buyers.isEmpty() && !presaleCode;
    }

    /** Whether {@code buyerId}, joining with a presale code or not, belongs here. */
    public boolean takes(String buyerId, boolean withPresaleCode) {
        return (presaleCode && withPresaleCode) || java.util.Collections.binarySearch(buyers, buyerId) >= 0;
    }
}
