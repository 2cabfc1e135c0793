package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;

/**
 * The order of buyers who joined before the opening: by the first 52 bits of SHA-1 over {@code seed + ":" + buyerId}
 * (ties by buyer id), which is what the Redis script computes with {@code redis.sha1hex}. The join order plays no
 * part, so arriving early buys no place; the seed, recorded on the waiting-room topic, lets an auditor rebuild the
 * order from the joined buyers alone.
 */
public final class ShuffleOrder {

    private static final int HEX_DIGITS = 13;

    private ShuffleOrder() {
    }

    /** The sort key of one buyer under {@code seed}: an integer below 2^52, exact as a Lua number. */
    public static long score(long seed, String buyerId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1")
                    .digest((seed + ":" + buyerId).getBytes(StandardCharsets.UTF_8));
            return Long.parseLong(HexFormat.of().formatHex(digest).substring(0, HEX_DIGITS), 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(AdmissionMessages.algorithmUnavailable("SHA-1"), e);
        }
    }

    /**
     * Where a buyer's draw falls among every possible one, in (0, 1]: a signed ticket's place among {@code n} early
     * joiners is {@code ceil(quantile * n)}, so the room admits early joiners in the order of their draws with no
     * list of them anywhere ({@link SignedTicket#place}).
     */
    public static double quantile(long seed, String buyerId) {
        return (score(seed, buyerId) + 1) / (double) (1L << (HEX_DIGITS * 4));
    }

    /**
     * The place a buyer draws in a random room's window of {@code count} arrivals whose first place is {@code start}
     * (decision 0029): their draw's quantile under the seed and the window, {@code start + ceil(q × count) − 1}. The
     * same buyer draws the same place however many tickets they take in one window.
     */
    public static long drawnPlace(long seed, long start, long count, String buyerId) {
        return start + Math.max(1, (long) Math.ceil(quantile(seed, start + ":" + buyerId) * count)) - 1;
    }

    /** The buyers in the order the room admits them after the opening. */
    public static List<String> of(long seed, Collection<String> buyerIds) {
        return buyerIds.stream().map(buyer -> Place.of(seed, buyer)).sorted().map(Place::buyerId).toList();
    }

    /** A buyer's place in the shuffle: by score, then (as Redis orders equal scores) by the id's bytes. */
    record Place(long score, String buyerId) implements Comparable<Place> {

        static Place of(long seed, String buyerId) {
            return new Place(ShuffleOrder.score(seed, buyerId), buyerId);
        }

        @Override
        public int compareTo(Place other) {
            int byScore = Long.compare(score, other.score);
            return byScore != 0 ? byScore : Arrays.compareUnsigned(buyerId.getBytes(StandardCharsets.UTF_8),
                    other.buyerId.getBytes(StandardCharsets.UTF_8));
        }
    }
}
