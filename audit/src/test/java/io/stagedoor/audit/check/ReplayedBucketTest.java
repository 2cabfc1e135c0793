package io.stagedoor.audit.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.topics.AdmissionRecord;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The replayed bucket against the buyer policy (10, then 1 per 6 s), on the recorded clocks. */
class ReplayedBucketTest {

    private final ReplayedBucket bucket = new ReplayedBucket();

    @Test
    void aFullBucketPaysForTenAndNotTheEleventhInTheSameMillisecond() {
        for (int i = 0; i < 10; i++) {
            assertThat(bucket.admit(admitted(1_000))).isEqualTo(-1);
        }
        assertThat(bucket.admit(admitted(1_000))).isZero();
    }

    @Test
    void oneTokenComesBackEverySixSeconds() {
        for (int i = 0; i < 10; i++) {
            bucket.admit(admitted(0));
        }
        assertThat(bucket.admit(admitted(5_999))).isZero();
        assertThat(bucket.admit(admitted(5_999 + 6_000))).isEqualTo(-1);
    }

    @Test
    void aClockBehindTheLastDecisionRefillsNothing() {
        for (int i = 0; i < 10; i++) {
            bucket.admit(admitted(60_000));
        }
        assertThat(bucket.admit(admitted(0))).isZero();
    }

    @Test
    void aPolicyNoBucketCanHaveIsRefusedAsBadEvidence() {
        AdmissionRecord zeroCapacity = new AdmissionRecord("buyer-seats", "b", AdmissionRecord.ADMITTED, "redis", 1, 0,
                0, 0, 1, 6_000, 0, "holds", null, Instant.EPOCH);
        assertThatThrownBy(() -> bucket.admit(zeroCapacity)).isInstanceOf(IllegalArgumentException.class);
    }

    private static AdmissionRecord admitted(long clockMillis) {
        return new AdmissionRecord("buyer-seats", "b", AdmissionRecord.ADMITTED, "redis", 1, 0, 0, 10, 1, 6_000,
                clockMillis, "holds", null, Instant.ofEpochMilli(clockMillis));
    }
}
