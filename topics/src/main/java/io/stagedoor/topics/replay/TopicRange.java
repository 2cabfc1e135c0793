package io.stagedoor.topics.replay;

import java.time.Instant;
import java.util.Objects;

/**
 * The records of one topic whose timestamps fall from {@code from} (inclusive) to {@code to} (inclusive), read
 * across every partition. A partition's range runs from the first offset stamped at or after {@code from} to the
 * last offset stamped at or before {@code to}, capped at the last stable offset: records are taken by offset, so
 * a record whose producer clock ran behind its neighbours is still read with them.
 *
 * @param topic the topic
 * @param from  the first instant of the range
 * @param to    the last instant of the range, not before {@code from}
 */
public record TopicRange(String topic, Instant from, Instant to) {

    public TopicRange {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (to.isBefore(from)) {
            throw new IllegalArgumentException(ReplayMessages.rangeBackwards(topic, from, to));
        }
    }
}
