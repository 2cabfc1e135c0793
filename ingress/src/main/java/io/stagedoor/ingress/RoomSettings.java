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
 * @param maxPollInterval the longest {@code Retry-After} a waiting buyer is told (default 30 s): longer means fewer
 *                   polls from a deep queue, and a raised rate or a pause reaching a buyer that much later
 */
public record RoomSettings(RoomTickets tickets, Duration joinWindow, Duration viewAge, Duration maxPollInterval) {

    public RoomSettings {
        Objects.requireNonNull(tickets, "tickets");
        Objects.requireNonNull(joinWindow, "joinWindow");
        Objects.requireNonNull(viewAge, "viewAge");
        Objects.requireNonNull(maxPollInterval, "maxPollInterval");
    }
}
