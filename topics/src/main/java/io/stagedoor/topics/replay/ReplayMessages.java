package io.stagedoor.topics.replay;

import java.time.Duration;
import java.time.Instant;

/** Every message the replay package writes into an exception, in one place so tests can assert against it. */
public final class ReplayMessages {

    private ReplayMessages() {
    }

    public static String rangeBackwards(String topic, Instant from, Instant to) {
        return "the range of " + topic + " ends (" + to + ") before it starts (" + from + ")";
    }

    public static String stalled(String topic, Duration idle, long remaining) {
        return "reading " + topic + " made no progress for " + idle.toMillis() + " ms with " + remaining
                + " offsets still to read";
    }

    public static String negative(String setting, java.time.Duration value) {
        return setting + " must not be negative, was " + value;
    }

    public static String notPositive(String setting, long value) {
        return setting + " must be positive, was " + value;
    }
}
