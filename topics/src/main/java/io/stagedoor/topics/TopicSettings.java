package io.stagedoor.topics;

import java.time.Duration;

/**
 * How the pipeline's topics are created.
 *
 * @param partitions        partitions of every partitioned topic; caps the parallelism of a worker group (default 12)
 * @param replicationFactor replicas of every topic (default 1, the embedded single broker)
 * @param retention         how long records are kept for replay and audit (default 7 days)
 */
public record TopicSettings(int partitions, short replicationFactor, Duration retention) {

    public static final int DEFAULT_PARTITIONS = 12;
    public static final short DEFAULT_REPLICATION_FACTOR = 1;
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);

    public TopicSettings {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1, was " + partitions);
        }
        if (replicationFactor < 1) {
            throw new IllegalArgumentException("replicationFactor must be at least 1, was " + replicationFactor);
        }
        if (retention == null || retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("retention must be positive, was " + retention);
        }
    }

    /** 12 partitions, one replica, seven days. */
    public static TopicSettings defaults() {
        return new TopicSettings(DEFAULT_PARTITIONS, DEFAULT_REPLICATION_FACTOR, DEFAULT_RETENTION);
    }

    /** The same settings with another partition count. */
    public TopicSettings withPartitions(int newPartitions) {
        return new TopicSettings(newPartitions, replicationFactor, retention);
    }
}
