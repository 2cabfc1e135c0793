package io.stagedoor.topics.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.topics.TopicsMessages;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class TopicRangeTest {

    private static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");

    @Test
    void refusesARangeThatEndsBeforeItStarts() {
        assertThatThrownBy(() -> new TopicRange("holds", T0, T0.minusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(TopicsMessages.rangeBackwards("holds", T0, T0.minusMillis(1)));
    }

    @Test
    void aRangeMayBeASingleInstantBecauseBothEndsAreInclusive() {
        assertThat(new TopicRange("holds", T0, T0).to()).isEqualTo(T0);
    }
}
