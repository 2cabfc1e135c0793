package io.stagedoor.admission.waitingroom;

import java.util.Objects;

/**
 * What a signed ticket carries, so that a waiting buyer costs the shared room nothing: the event, the buyer, where
 * they stand and when they joined. Nothing of it lives in Redis until the buyer is admitted.
 *
 * @param eventId        the event
 * @param buyerId        whose ticket
 * @param index          after the opening, the place in arrival order (1 is first); before it, the arrival among
 *                       those who joined early ({@code lobby}), whose place the opening's draw fixes
 * @param lobby          whether the buyer joined before the opening
 * @param joinedMillis   when the buyer joined
 * @param estimateMillis the wait the buyer was told on joining
 * @param source         which queue gave the place: a ticket is only compared with that queue's frontier
 * @param id             the short id the ticket is known by once admitted (in the pass, the audit, the store)
 * @param draw           a random room after its opening: the first place of the window of arrivals the ticket's
 *                       place is drawn in (decision 0029); else 0
 */
public record SignedTicket(String eventId, String buyerId, long index, boolean lobby, long joinedMillis,
                           long estimateMillis, RoomSource source, String id, long draw) {

    public SignedTicket {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(buyerId, "buyerId");
        Objects.requireNonNull(source, "source");
    }

    /**
     * The ticket's place once the room has opened with {@code lobbySize} early joiners drawn by {@code seed}: an early
     * joiner's place is their draw's quantile among the lobby ({@link ShuffleOrder#quantile}), so a buyer who joined
     * early twice draws the same place twice; a later joiner's place is their arrival after the lobby.
     */
    public long place(long seed, long lobbySize) {
        if (!lobby) {
            return index;
        }
        return Math.max(1, (long) Math.ceil(ShuffleOrder.quantile(seed, buyerId) * lobbySize));
    }

    /**
     * The place of a ticket drawn in a window of {@code count} arrivals ({@link #draw} its first place): its draw's
     * quantile among them, under a seed of the room's and the window's, so one buyer draws once per window.
     */
    public long drawnPlace(long seed, long count) {
        return ShuffleOrder.drawnPlace(seed, draw, count, buyerId);
    }

    /** Whether the ticket's place waits on the draw of its window. */
    public boolean drawing() {
        return draw > 0;
    }
}
