package io.stagedoor.topics;

import java.time.Duration;

/**
 * How the pipeline's topics are created.
 *
 * @param partitions        partitions of every partitioned topic but {@code payments}; caps the parallelism of the
 *                          inventory (default 12)
 * @param replicationFactor replicas of every topic (default 1, the embedded single broker)
 * @param retention         how long records are kept for replay and audit (default 7 days)
 * @param paymentPartitions partitions of the {@code payments} topic, which only the checkout share group reads
 *                          (default 1). A share group gives each member only some partitions: with 12 partitions and
 *                          20 payment lanes every lane could take from one or two of them, so lanes sat idle while
 *                          other partitions still had requests waiting (bench/RESULTS.md, checkout). With one
 *                          partition every lane takes from all the work. One share partition keeps at most the
 *                          broker's {@code group.share.partition.max.record.locks} (2,000) payments in flight, about
 *                          100 pool instances; add partitions beyond that.
 */
public record TopicSettings(int partitions, short replicationFactor, Duration retention, int paymentPartitions) {

    public static final int DEFAULT_PARTITIONS = 12;
    public static final int DEFAULT_PAYMENT_PARTITIONS = 1;
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
        if (paymentPartitions < 1) {
            throw new IllegalArgumentException("paymentPartitions must be at least 1, was " + paymentPartitions);
        }
    }

    /** Settings with the default payment partitions. */
    public TopicSettings(int partitions, short replicationFactor, Duration retention) {
        this(partitions, replicationFactor, retention, DEFAULT_PAYMENT_PARTITIONS);
    }

    /** 12 partitions (one for payments), one replica, seven days. */
    public static TopicSettings defaults() {
        return new TopicSettings(DEFAULT_PARTITIONS, DEFAULT_REPLICATION_FACTOR, DEFAULT_RETENTION,
                DEFAULT_PAYMENT_PARTITIONS);
    }

    /** The same settings with another partition count (payments keep theirs). */
    public TopicSettings withPartitions(int newPartitions) {
        return new TopicSettings(newPartitions, replicationFactor, retention, paymentPartitions);
    }

    /** The same settings with another partition count for the payments topic. */
    public TopicSettings withPaymentPartitions(int newPaymentPartitions) {
        return new TopicSettings(partitions, replicationFactor, retention, newPaymentPartitions);
    }
}
