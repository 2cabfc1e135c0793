package io.stagedoor.topics;

import java.time.Duration;

/**
 * How the pipeline's topics are created.
 *
 * @param partitions        partitions of every partitioned topic but {@code payments}; caps the parallelism of the
 *                          inventory (default 12)
 * @param replicationFactor replicas of every topic (default 1, the embedded single broker; 3 where there are three
 *                          brokers)
 * @param retention         how long records are kept for replay and audit (default 7 days)
 * @param paymentPartitions partitions of the {@code payments} topic, which only the checkout share group reads
 *                          (default 1, so every payment lane takes from all the work: a share group gives each
 *                          member only some partitions, and lanes bound to drained partitions sit idle). One share
 *                          partition keeps at most the broker's {@code group.share.partition.max.record.locks}
 *                          (2,000) payments in flight, about 100 pool instances; add partitions beyond that.
 * @param minInsyncReplicas the topics' {@code min.insync.replicas}: how many replicas must have a record before an
 *                          {@code acks=all} write of it succeeds (default 1; 2 with three replicas, so one broker can
 *                          die without losing an acknowledged record or stopping writes). At most
 *                          {@code replicationFactor}, or no write could ever succeed.
 */
public record TopicSettings(int partitions, short replicationFactor, Duration retention, int paymentPartitions,
                            int minInsyncReplicas) {

    public static final int DEFAULT_PARTITIONS = 12;
    public static final int DEFAULT_PAYMENT_PARTITIONS = 1;
    public static final short DEFAULT_REPLICATION_FACTOR = 1;
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(7);
    public static final int DEFAULT_MIN_INSYNC_REPLICAS = 1;

    public TopicSettings {
        if (partitions < 1) {
            throw new IllegalArgumentException(TopicsMessages.partitionsBelowOne(partitions));
        }
        if (replicationFactor < 1) {
            throw new IllegalArgumentException(TopicsMessages.replicationFactorBelowOne(replicationFactor));
        }
        if (retention == null || retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException(TopicsMessages.retentionNotPositive(retention));
        }
        if (paymentPartitions < 1) {
            throw new IllegalArgumentException(TopicsMessages.paymentPartitionsBelowOne(paymentPartitions));
        }
        if (minInsyncReplicas < 1 || minInsyncReplicas > replicationFactor) {
            throw new IllegalArgumentException(
                    TopicsMessages.minInsyncReplicasOutOfRange(minInsyncReplicas, replicationFactor));
        }
    }

    /** Settings with the default min.insync.replicas. */
    public TopicSettings(int partitions, short replicationFactor, Duration retention, int paymentPartitions) {
        this(partitions, replicationFactor, retention, paymentPartitions, DEFAULT_MIN_INSYNC_REPLICAS);
    }

    /** Settings with the default payment partitions and min.insync.replicas. */
    public TopicSettings(int partitions, short replicationFactor, Duration retention) {
        this(partitions, replicationFactor, retention, DEFAULT_PAYMENT_PARTITIONS);
    }

    /** 12 partitions (one for payments), one replica, seven days. */
    public static TopicSettings defaults() {
        return new TopicSettings(DEFAULT_PARTITIONS, DEFAULT_REPLICATION_FACTOR, DEFAULT_RETENTION,
                DEFAULT_PAYMENT_PARTITIONS, DEFAULT_MIN_INSYNC_REPLICAS);
    }

    /** The same settings with another partition count (payments keep theirs). */
    public TopicSettings withPartitions(int newPartitions) {
        return new TopicSettings(newPartitions, replicationFactor, retention, paymentPartitions, minInsyncReplicas);
    }

    /** The same settings with another partition count for the payments topic. */
    public TopicSettings withPaymentPartitions(int newPaymentPartitions) {
        return new TopicSettings(partitions, replicationFactor, retention, newPaymentPartitions, minInsyncReplicas);
    }

    /** The same settings with another replication factor (min.insync.replicas kept, so at most the new factor). */
    public TopicSettings withReplicationFactor(short newReplicationFactor) {
        return new TopicSettings(partitions, newReplicationFactor, retention, paymentPartitions, minInsyncReplicas);
    }

    /** The same settings with another min.insync.replicas. */
    public TopicSettings withMinInsyncReplicas(int newMinInsyncReplicas) {
        return new TopicSettings(partitions, replicationFactor, retention, paymentPartitions, newMinInsyncReplicas);
    }

    /** The same settings with another retention. */
    public TopicSettings withRetention(Duration newRetention) {
        return new TopicSettings(partitions, replicationFactor, newRetention, paymentPartitions, minInsyncReplicas);
    }

    /** Three replicas, two of them in sync for every write: the settings for a cluster of three or more brokers. */
    public TopicSettings replicatedOnThree() {
        return new TopicSettings(partitions, (short) 3, retention, paymentPartitions, 2);
    }
}
