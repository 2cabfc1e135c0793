package io.stagedoor.audit.check;

import io.stagedoor.admission.bucket.BucketArithmetic;
import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.topics.AdmissionRecord;

/**
 * One key's token bucket, rebuilt from the recorded decisions with the very arithmetic the limiter uses
 * ({@link BucketArithmetic}) and the policy and clock each record carries. It starts full when first seen (the
 * most generous assumption, so a window that opens mid-sale cannot produce a false alarm) and starts full again
 * when the recorded policy changes.
 */
final class ReplayedBucket {

    private BucketRequest shape;
    private long units;
    private long stampMillis;

    /**
     * Takes the record's cost as the limiter did when it admitted it.
     *
     * @return -1 when the bucket held the cost; otherwise the whole tokens it held, the admission being one the
     *         policy did not allow (the bucket is then left empty, as the over-admission drained it)
     * @throws IllegalArgumentException when the recorded policy is one no bucket can have
     */
    long admit(AdmissionRecord record) {
        BucketRequest request = new BucketRequest(record.key(), record.capacity(), record.refillTokens(),
                record.refillPeriodMillis(), record.cost());
        long now = record.clockMillis();
        if (shape == null || !sameShape(shape, request)) {
            shape = request;
            units = request.capacityUnits();
            stampMillis = now;
        }
        long level = BucketArithmetic.refilled(request, units, stampMillis, now);
        stampMillis = BucketArithmetic.stamp(stampMillis, now);
        if (BucketArithmetic.waitMillis(request, level, stampMillis, now) > 0) {
            units = 0;
            return request.wholeTokens(level);
        }
        units = level - request.costUnits();
        return -1;
    }

    private static boolean sameShape(BucketRequest a, BucketRequest b) {
        return a.capacity() == b.capacity() && a.refillTokens() == b.refillTokens()
                && a.refillPeriodMillis() == b.refillPeriodMillis();
    }
}
