package io.stagedoor.topics.replay;

import io.stagedoor.topics.TopicsMessages;
import java.time.Instant;
import java.util.Objects;

/**
 * The records of one topic whose timestamps fall from {@code from} to {@code to} (both inclusive), across every
 * partition. A partition is read from the first offset stamped at or after {@code from} until a record stamped
 * later than {@code to} by more than the tolerated disorder ({@link ReplaySettings#timestampDisorder()}), or the
 * last stable offset, whichever comes first; records stamped outside the range on the way are skipped.
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
            throw new IllegalArgumentException(TopicsMessages.rangeBackwards(topic, from, to));
        }
    }
}
