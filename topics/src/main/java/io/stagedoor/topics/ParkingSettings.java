package io.stagedoor.topics;

import java.time.Duration;

/**
 * The parked lane of an event's waiting room (decision 0037): accounts its rules flag get a place that answers like a
 * waiting one and is never admitted, until an operator releases them. The rule: more than {@code crowdMost} accounts
 * joining from one network (an IPv4 address, an IPv6 /64) within one {@code crowdWindow} are flagged, from the one
 * past the bound on.
 *
 * @param crowdMost   accounts one network may join with per window before the rest are parked, at least 2 (default
 *                    {@value #DEFAULT_CROWD_MOST})
 * @param crowdWindow the window, from 10 s to 1 h (default 1 min)
 */
public record ParkingSettings(Integer crowdMost, Duration crowdWindow) {

    public static final int DEFAULT_CROWD_MOST = 20;
    public static final Duration DEFAULT_CROWD_WINDOW = Duration.ofMinutes(1);
    private static final Duration SHORTEST_WINDOW = Duration.ofSeconds(10);
    private static final Duration LONGEST_WINDOW = Duration.ofHours(1);

    public ParkingSettings {
        crowdMost = crowdMost == null ? DEFAULT_CROWD_MOST : crowdMost;
        if (crowdMost < 2) {
            throw new IllegalArgumentException(TopicsMessages.parkingCrowdTooSmall(crowdMost));
        }
        crowdWindow = crowdWindow == null ? DEFAULT_CROWD_WINDOW : crowdWindow;
        if (crowdWindow.compareTo(SHORTEST_WINDOW) < 0 || crowdWindow.compareTo(LONGEST_WINDOW) > 0) {
            throw new IllegalArgumentException(TopicsMessages.parkingWindowOutOfRange(crowdWindow, SHORTEST_WINDOW,
                    LONGEST_WINDOW));
        }
    }

    /** The defaults: more than 20 accounts from one network within a minute are parked. */
    public static ParkingSettings defaults() {
        return new ParkingSettings(null, null);
    }
}
