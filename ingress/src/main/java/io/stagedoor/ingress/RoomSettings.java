package io.stagedoor.ingress;

import io.stagedoor.admission.waitingroom.RoomTickets;
import java.time.Duration;
import java.util.Objects;

/**
 * How the waiting room keeps a waiting buyer. Defaults are in {@link IngressSettings.Builder}.
 *
 * @param tickets    what a waiting buyer's ticket is (default signed: kept in the ticket, not in Redis)
 * @param joinWindow how long joins gather before one Redis call gives them their places (default 100 ms)
 * @param viewAge    how old the instance's view of a room may be before a poll refreshes it (default 250 ms)
 */
public record RoomSettings(RoomTickets tickets, Duration joinWindow, Duration viewAge) {

    public RoomSettings {
        Objects.requireNonNull(tickets, "tickets");
        Objects.requireNonNull(joinWindow, "joinWindow");
        Objects.requireNonNull(viewAge, "viewAge");
    }
}
