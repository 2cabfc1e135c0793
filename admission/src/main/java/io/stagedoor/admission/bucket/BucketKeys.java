package io.stagedoor.admission.bucket;

/**
 * Redis keys of buckets. The limit and subject sit inside a hash tag, so on Redis Cluster all of one
 * bucket's state is in one slot and the key works there; two different subjects generally land in
 * different slots, which {@link RedisBucketStore} handles.
 */
public final class BucketKeys {

    private static final String PREFIX = "sd:{";

    private BucketKeys() {
    }

    /** {@code sd:{buyer-seats:8812}}: the limit name keeps a buyer and an organizer with equal ids apart. */
    public static String of(String limitName, String subject) {
        return PREFIX + limitName + ':' + subject + '}';
    }

    /** The same, under an extra namespace (tests and benchmarks keep their keys apart with it). */
    public static String of(String namespace, String limitName, String subject) {
        return namespace + ':' + of(limitName, subject);
    }
}
