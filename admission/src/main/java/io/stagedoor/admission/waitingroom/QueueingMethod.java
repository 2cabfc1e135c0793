package io.stagedoor.admission.waitingroom;

import java.util.Locale;

/** How an event's room chooses whom to admit next. */
public enum QueueingMethod {
    /** First come, first served after the opening; those who joined before it are shuffled at the opening. */
    FIFO,
    /**
     * A lottery drawn from the room's recorded seed ({@link ShuffleOrder}). With signed tickets: the early joiners at
     * the opening, then each window of arrivals among itself, windows in order (decision 0029). With stored tickets:
     * among everyone still queued, whenever they joined; a buyer who joins again after their session ended goes
     * behind every draw still in the lottery.
     */
    RANDOM,
    /** The room is on and counts everyone, but admits them at once, without the rate (the active cap still holds). */
    PASSTHROUGH,
    /** The room is closed: nobody may join, and those still queued are told so. */
    REJECT;

    /** The name definitions and the waiting-room topic use: {@code fifo}, {@code random}, ... */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The method named {@code text} (any case); FIFO when null. */
    public static QueueingMethod of(String text) {
        return text == null ? FIFO : valueOf(text.toUpperCase(Locale.ROOT));
    }
}
