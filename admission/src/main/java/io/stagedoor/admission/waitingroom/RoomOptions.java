package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.fallback.OutageSettings;

import java.time.Duration;
import java.util.Objects;

/**
 * How the waiting room runs, for every event alike.
 *
 * @param instanceCount    ingress instances sharing the rate; without Redis each admits {@code rate / instanceCount}
 *                         (default 1)
 * @param outage           how quickly Redis is given up on (default {@link OutageSettings#defaults()} with a 1 s
 *                         command timeout: buyers here are waiting anyway, and a call given up on too early puts
 *                         a buyer in this instance's own queue, out of the shared order)
 * @param maxRetryAfter    the longest {@code Retry-After} a waiting buyer is told, so a raised rate reaches them
 *                         (default 30 s)
 * @param stateTtl         how long an event's room outlives its last operation in Redis (default 48 h)
 * @param keyNamespace     prefix of every Redis key (default none; tests keep their keys apart with it)
 * @param tickets          what a waiting buyer's ticket is (default {@link RoomTickets#STORED})
 * @param joinWindow       signed tickets: how long joins gather before one call reserves their places (default
 *                         100 ms; zero reserves each at once)
 * @param viewAge          signed tickets: how old this instance's view of a room may be before a poll refreshes it
 *                         (default 250 ms)
 * @param maxJoinsWaiting  signed tickets: the most joins of one event waiting here for their window; more are shed
 *                         (default 10,000)
 * @param drawWindow       signed tickets in a random room: how long each window of arrivals after the opening gathers
 *                         before its places are drawn (default 1 s; decision 0029)
 */
public record RoomOptions(int instanceCount, OutageSettings outage, Duration maxRetryAfter, Duration stateTtl,
                          String keyNamespace, RoomTickets tickets, Duration joinWindow, Duration viewAge,
                          int maxJoinsWaiting, Duration drawWindow) {

    public RoomOptions {
        if (instanceCount < 1) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("instanceCount", instanceCount));
        }
        Objects.requireNonNull(outage, "outage");
        Objects.requireNonNull(keyNamespace, "keyNamespace");
        if (maxRetryAfter.toSeconds() < 1) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("maxRetryAfter seconds", maxRetryAfter.toSeconds()));
        }
        Objects.requireNonNull(tickets, "tickets");
        if (joinWindow.isNegative()) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("joinWindow millis", joinWindow.toMillis()));
        }
        if (viewAge.isNegative()) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("viewAge millis", viewAge.toMillis()));
        }
        if (maxJoinsWaiting < 1) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("maxJoinsWaiting", maxJoinsWaiting));
        }
        if (drawWindow.toMillis() < 1) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("drawWindow millis", drawWindow.toMillis()));
        }
        if (stateTtl.toMinutes() < 1) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("stateTtl minutes", stateTtl.toMinutes()));
        }
    }

    public static RoomOptions defaults() {
        return new RoomOptions(1, OutageSettings.defaults().withCommandTimeout(Duration.ofSeconds(1)),
                Duration.ofSeconds(30), Duration.ofHours(48), "", RoomTickets.STORED, Duration.ofMillis(100),
                Duration.ofMillis(250), 10_000, Duration.ofSeconds(1));
    }

    public RoomOptions withInstanceCount(int count) {
        return new RoomOptions(count, outage, maxRetryAfter, stateTtl, keyNamespace, tickets, joinWindow, viewAge,
                maxJoinsWaiting, drawWindow);
    }

    public RoomOptions withOutage(OutageSettings settings) {
        return new RoomOptions(instanceCount, settings, maxRetryAfter, stateTtl, keyNamespace, tickets, joinWindow,
                viewAge, maxJoinsWaiting, drawWindow);
    }

    public RoomOptions withKeyNamespace(String namespace) {
        return new RoomOptions(instanceCount, outage, maxRetryAfter, stateTtl, namespace, tickets, joinWindow, viewAge,
                maxJoinsWaiting, drawWindow);
    }

    /** These options with {@code kind} tickets, joins gathered for {@code window}, views kept for {@code age}. */
    public RoomOptions withTickets(RoomTickets kind, Duration window, Duration age) {
        return new RoomOptions(instanceCount, outage, maxRetryAfter, stateTtl, keyNamespace, kind, window, age,
                maxJoinsWaiting, drawWindow);
    }

    /** These options with waiting buyers told to ask again after {@code longest} at most. */
    public RoomOptions withMaxRetryAfter(Duration longest) {
        return new RoomOptions(instanceCount, outage, longest, stateTtl, keyNamespace, tickets, joinWindow, viewAge,
                maxJoinsWaiting, drawWindow);
    }

    /** These options with a random room's arrivals drawn per window of {@code window}. */
    public RoomOptions withDrawWindow(Duration window) {
        return new RoomOptions(instanceCount, outage, maxRetryAfter, stateTtl, keyNamespace, tickets, joinWindow, viewAge,
                maxJoinsWaiting, window);
    }
}
