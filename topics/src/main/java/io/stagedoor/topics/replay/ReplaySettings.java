package io.stagedoor.topics.replay;

import io.stagedoor.topics.TopicsMessages;
import io.stagedoor.topics.connection.KafkaConnection;
import java.time.Duration;
import java.util.Objects;

/**
 * How a replay reads. The defaults favour throughput: large fetches, many records per poll, bytes left
 * undecoded for the caller to parse only what it needs.
 *
 * @param kafka                   the cluster and the client properties to reach it with
 * @param maxPollRecords          records per poll (default 20,000)
 * @param fetchMaxBytes           bytes per fetch across partitions (default 64 MiB)
 * @param maxPartitionFetchBytes  bytes per partition per fetch (default 8 MiB)
 * @param stallTimeout            how long reading may make no progress before it fails (default 30 s)
 * @param progressEvery           records between two progress calls (default 50,000)
 * @param timestampDisorder       how much later than a range's end a partition's record may be stamped before the
 *                                records after it can no longer belong to the range (default 1 min): producers'
 *                                clocks differ, so a partition's timestamps are only roughly in order
 */
public record ReplaySettings(KafkaConnection kafka, int maxPollRecords, int fetchMaxBytes,
                             int maxPartitionFetchBytes, Duration stallTimeout, int progressEvery,
                             Duration timestampDisorder) {

    public static final int DEFAULT_MAX_POLL_RECORDS = 20_000;
    public static final int DEFAULT_FETCH_MAX_BYTES = 64 * 1024 * 1024;
    public static final int DEFAULT_MAX_PARTITION_FETCH_BYTES = 8 * 1024 * 1024;
    public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofSeconds(30);
    public static final int DEFAULT_PROGRESS_EVERY = 50_000;
    public static final Duration DEFAULT_TIMESTAMP_DISORDER = Duration.ofMinutes(1);

    public ReplaySettings {
        Objects.requireNonNull(kafka, "kafka");
        positive("maxPollRecords", maxPollRecords);
        positive("fetchMaxBytes", fetchMaxBytes);
        positive("maxPartitionFetchBytes", maxPartitionFetchBytes);
        positive("progressEvery", progressEvery);
        Objects.requireNonNull(stallTimeout, "stallTimeout");
        positive("stallTimeout", stallTimeout.toMillis());
        Objects.requireNonNull(timestampDisorder, "timestampDisorder");
        if (timestampDisorder.isNegative()) {
            throw new IllegalArgumentException(TopicsMessages.negative("timestampDisorder", timestampDisorder));
        }
    }

    /** The defaults against {@code bootstrapServers}, over PLAINTEXT. */
    public static ReplaySettings defaults(String bootstrapServers) {
        return defaults(KafkaConnection.plaintext(bootstrapServers));
    }

    /** The defaults against {@code kafka}. */
    public static ReplaySettings defaults(KafkaConnection kafka) {
        return new ReplaySettings(kafka, DEFAULT_MAX_POLL_RECORDS, DEFAULT_FETCH_MAX_BYTES,
                DEFAULT_MAX_PARTITION_FETCH_BYTES, DEFAULT_STALL_TIMEOUT, DEFAULT_PROGRESS_EVERY,
                DEFAULT_TIMESTAMP_DISORDER);
    }

    /** The same settings reporting progress every {@code records} records. */
    public ReplaySettings withProgressEvery(int records) {
        return new ReplaySettings(kafka, maxPollRecords, fetchMaxBytes, maxPartitionFetchBytes,
                stallTimeout, records, timestampDisorder);
    }

    private static void positive(String setting, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(TopicsMessages.notPositive(setting, value));
        }
    }
}
