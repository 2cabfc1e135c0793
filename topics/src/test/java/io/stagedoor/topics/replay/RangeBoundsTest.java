package io.stagedoor.topics.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * Where a {@link RangeReader} starts and stops in each partition, worked out from a {@link MockConsumer}
 * ({@link TimedConsumer}); the reading itself is {@link RangeReaderTest}'s.
 */
class RangeBoundsTest {

    private static final String TOPIC = "holds";
    private static final Instant FROM = Instant.parse("2026-12-03T10:00:00Z");
    private static final TopicRange RANGE = new TopicRange(TOPIC, FROM, FROM.plusSeconds(60));
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);
    private static final TopicPartition P2 = new TopicPartition(TOPIC, 2);

    @Test
    void startsAtTheFirstOffsetStampedAtOrAfterTheStartAndEndsAtTheLastStableOffset() {
        TimedConsumer consumer = new TimedConsumer(TOPIC, FROM, 2).first(P0, 5).first(P1, 0).ends(Map.of(P0, 12L, P1, 3L));

        RangeBounds bounds = RangeBounds.of(consumer, RANGE);

        assertThat(bounds.starts()).isEqualTo(Map.of(P0, 5L, P1, 0L));
        assertThat(bounds.ends()).isEqualTo(Map.of(P0, 12L, P1, 3L));
        assertThat(consumer.askedFor).isEqualTo(Map.of(P0, FROM.toEpochMilli(), P1, FROM.toEpochMilli()));
    }

    @Test
    void theTotalCountsEveryOffsetFromTheStartsToTheEndsMarkersIncluded() {
        TimedConsumer consumer = new TimedConsumer(TOPIC, FROM, 3).first(P0, 5).first(P1, 0).first(P2, 40)
                .ends(Map.of(P0, 12L, P1, 3L, P2, 41L));

        assertThat(RangeBounds.of(consumer, RANGE).total()).isEqualTo(7 + 3 + 1);
    }

    @Test
    void leavesOutAPartitionWithNothingStampedAtOrAfterTheStart() {
        TimedConsumer consumer = new TimedConsumer(TOPIC, FROM, 2).first(P1, 2).ends(Map.of(P0, 100L, P1, 4L));

        RangeBounds bounds = RangeBounds.of(consumer, RANGE);

        assertThat(bounds.starts()).isEqualTo(Map.of(P1, 2L));
        assertThat(bounds.ends()).isEqualTo(Map.of(P1, 4L));
        assertThat(bounds.total()).isEqualTo(2);
    }

    @Test
    void aFirstRecordPastTheLastStableOffsetLeavesThePartitionOut() {
        // The first record of the range sits in a transaction still open: the range stops before it.
        TimedConsumer consumer = new TimedConsumer(TOPIC, FROM, 2).first(P0, 20).first(P1, 7)
                .ends(Map.of(P0, 15L, P1, 7L));

        RangeBounds bounds = RangeBounds.of(consumer, RANGE);

        assertThat(bounds.starts()).isEmpty();
        assertThat(bounds.ends()).isEmpty();
        assertThat(bounds.total()).isZero();
    }

    @Test
    void aTopicWithNoPartitionsHasNothingToReadAndIsNotLookedUp() {
        TimedConsumer consumer = new TimedConsumer(TOPIC, FROM, 0);

        RangeBounds bounds = RangeBounds.of(consumer, RANGE);

        assertThat(bounds.starts()).isEmpty();
        assertThat(bounds.total()).isZero();
        assertThat(consumer.askedFor).isEmpty();
    }

    @Test
    void aTopicTheClusterDoesNotKnowHasNothingToRead() {
        // KafkaConsumer.partitionsFor may answer null rather than an empty list for a topic it cannot find.
        TimedConsumer consumer = new TimedConsumer(TOPIC, FROM, 0) {
            @Override
            public synchronized List<PartitionInfo> partitionsFor(String topic) {
                return null;
            }
        };

        assertThat(RangeBounds.of(consumer, RANGE)).isEqualTo(new RangeBounds(Map.of(), Map.of()));
    }
}
