package io.stagedoor.topics.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.topics.connection.KafkaConnection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/**
 * How a {@link RangeReader} reads a range through a {@link TimedConsumer}: the records stamped within it, none at or
 * past a partition's last stable offset, a partition given up once a record is stamped past the range by more than
 * producers' clocks disagree, progress up to the total, and a read that stops advancing failing at the stall timeout.
 */
class RangeReaderTest {

    private static final String TOPIC = "admissions";
    private static final Instant FROM = Instant.parse("2026-12-04T10:00:00Z");
    private static final TopicRange RANGE = new TopicRange(TOPIC, FROM, FROM.plusSeconds(60));
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);

    private final List<String> progress = new ArrayList<>();

    @Test
    void readsTheRecordsStampedWithinTheRangeAndNoneAtOrPastTheLastStableOffset() {
        TimedConsumer consumer = new TimedConsumer(TOPIC, FROM, 2).first(P0, 0).first(P1, 0)
                .ends(Map.of(P0, 4L, P1, 2L));
        try (RangeReader reader = RangeReader.open(consumer, settings(Duration.ofSeconds(5)), RANGE,
                (topic, read, total) -> progress.add(read + "/" + total))) {
            add(consumer, P0, 0, -10);  // before the range: read, not given
            add(consumer, P0, 1, 1);
            add(consumer, P0, 2, 30);
            add(consumer, P0, 3, 61);   // after the range, within the disorder: read, not given
            add(consumer, P0, 4, 2);    // at the last stable offset: an open transaction's, never given
            add(consumer, P1, 0, 5);
            add(consumer, P1, 1, 10);

            assertThat(offsets(reader)).containsExactlyInAnyOrder("0@1", "0@2", "1@0", "1@1");
            assertThat(reader.total()).isEqualTo(6);
        }
        assertThat(progress).last().isEqualTo("6/6");
    }

    @Test
    void aRecordStampedPastTheRangeByMoreThanTheDisorderEndsItsPartition() {
        TimedConsumer consumer = new TimedConsumer(TOPIC, FROM, 1).first(P0, 0).ends(Map.of(P0, 10L));
        try (RangeReader reader = RangeReader.open(consumer, settings(Duration.ofSeconds(5)), RANGE, null)) {
            add(consumer, P0, 0, 1);
            add(consumer, P0, 1, 60 + 61);  // a minute past the range's end and more
            add(consumer, P0, 2, 2);        // stamped within it, but after the partition ended

            assertThat(offsets(reader)).containsExactly("0@0");
        }
    }

    @Test
    void aReadThatStopsAdvancingFailsAtTheStallTimeoutSayingWhatIsLeft() {
        TimedConsumer consumer = new TimedConsumer(TOPIC, FROM, 1).first(P0, 0).ends(Map.of(P0, 5L));
        Duration stall = Duration.ofMillis(50);
        try (RangeReader reader = RangeReader.open(consumer, settings(stall), RANGE, null)) {
            assertThatThrownBy(reader::hasNext).isInstanceOf(IllegalStateException.class)
                    .hasMessage(io.stagedoor.topics.TopicsMessages.stalled(TOPIC, stall, 5));
        }
    }

    private static ReplaySettings settings(Duration stall) {
        return new ReplaySettings(KafkaConnection.plaintext("unused:9092"), 100, 1 << 20, 1 << 20, stall, 2,
                Duration.ofMinutes(1));
    }

    private static void add(TimedConsumer consumer, TopicPartition partition, long offset, long secondsAfterFrom) {
        consumer.addRecord(new ConsumerRecord<>(TOPIC, partition.partition(), offset,
                FROM.plusSeconds(secondsAfterFrom).toEpochMilli(), TimestampType.CREATE_TIME, 0, 0, new byte[0],
                new byte[0], new RecordHeaders(), Optional.empty()));
    }

    private static List<String> offsets(RangeReader reader) {
        List<String> read = new ArrayList<>();
        reader.forEachRemaining(record -> read.add(record.partition() + "@" + record.offset()));
        return read;
    }
}
