package io.stagedoor.harness;

import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.WaitingRoomSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The event {@code up} loads: "Stagedoor Live", organizer {@code org-stagedoor}, 1,000 seats in rows A to T of 50
 * seats each, ids {@code A-1} to {@code T-50}, 45.00 each. Its waiting room is off unless asked for; how many seats
 * one buyer may hold and buy of it is the caller's ({@link EventDefinition#DEFAULT_MAX_SEATS_PER_BUYER} unless
 * told).
 */
public final class DemoEvent {

    public static final String EVENT_ID = "stagedoor-live";
    public static final String ORGANIZER_ID = "org-stagedoor";
    public static final int ROWS = 20;
    public static final int SEATS_PER_ROW = 50;
    public static final long PRICE_CENTS = 4500;

    private DemoEvent() {
    }

    /** The demo event, its room on or off, on sale from {@code onSaleAt}, {@code maxSeatsPerBuyer} seats a buyer. */
    public static EventDefinition definition(boolean waitingRoom, Instant onSaleAt, int maxSeatsPerBuyer) {
        WaitingRoomSettings room = waitingRoom
                ? new WaitingRoomSettings(true, WaitingRoomSettings.DEFAULT_ENTRY_RATE, onSaleAt, Duration.ofMinutes(15))
                : WaitingRoomSettings.disabled();
        return new EventDefinition(EVENT_ID, "Stagedoor Live", ORGANIZER_ID, onSaleAt, seats(), PRICE_CENTS, room,
                maxSeatsPerBuyer);
    }

    /** {@code A-1} … {@code T-50}. */
    public static List<String> seats() {
        List<String> seats = new ArrayList<>(ROWS * SEATS_PER_ROW);
        for (int row = 0; row < ROWS; row++) {
            for (int seat = 1; seat <= SEATS_PER_ROW; seat++) {
                seats.add((char) ('A' + row) + "-" + seat);
            }
        }
        return seats;
    }
}
