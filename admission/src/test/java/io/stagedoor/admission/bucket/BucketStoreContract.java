package io.stagedoor.admission.bucket;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The behaviour every {@link BucketStore} keeps; each implementation runs it through a subclass. Times are a
 * fake clock passed to {@code take}; every test uses keys of its own, so stores may be shared.
 */
abstract class BucketStoreContract {

    static final long T0 = 1_900_000_000_000L;

    /** The store under test. */
    abstract BucketStore store();

    /** A key no other test uses. */
    abstract String freshKey(String name);

    static BucketRequest buyerHold(String key) {
        return new BucketRequest(key, 10, 1, 6_000, 1);
    }

    static BucketRequest organizerHold(String key) {
        return new BucketRequest(key, 200, 200, 1_000, 1);
    }

    BucketOutcome take(long now, BucketRequest... requests) {
        return store().take(List.of(requests), now).toCompletableFuture().join();
    }

    int admittedOutOf(int attempts, long now, BucketRequest request) {
        int admitted = 0;
        for (int i = 0; i < attempts; i++) {
            admitted += take(now, request).admitted() ? 1 : 0;
        }
        return admitted;
    }

    @Test
    void anAbsentKeyIsAFullBucket() {
        BucketOutcome outcome = take(T0, buyerHold(freshKey("absent")));
        assertThat(outcome.admitted()).isTrue();
        assertThat(outcome.keys()).containsExactly(new KeyOutcome(9, 0));
    }

    @Test
    void aRefundGivesBackWhatATakeTook() {
        BucketRequest hold = buyerHold(freshKey("refund"));
        assertThat(admittedOutOf(10, T0, hold)).isEqualTo(10);
        store().refund(List.of(hold)).toCompletableFuture().join();
        assertThat(take(T0, hold).keys()).containsExactly(new KeyOutcome(0, 0));
        assertThat(take(T0, hold).admitted()).isFalse();
    }

    @Test
    void aRefundGivesBackEveryBucketOfATake() {
        BucketRequest buyer = buyerHold(freshKey("refund-buyer"));
        BucketRequest organizer = organizerHold(freshKey("refund-organizer"));
        take(T0, buyer, organizer);
        take(T0, buyer, organizer);
        store().refund(List.of(buyer, organizer)).toCompletableFuture().join();
        assertThat(take(T0, buyer, organizer).keys()).containsExactly(new KeyOutcome(8, 0), new KeyOutcome(198, 0));
    }

    @Test
    void aRefundNeverFillsABucketAboveItsCapacity() {
        BucketRequest hold = buyerHold(freshKey("refund-cap"));
        take(T0, hold);
        store().refund(List.of(hold)).toCompletableFuture().join();
        store().refund(List.of(hold)).toCompletableFuture().join();
        assertThat(admittedOutOf(11, T0, hold)).isEqualTo(10);
    }

    @Test
    void aRefundOfAnAbsentBucketLeavesItFull() {
        BucketRequest hold = buyerHold(freshKey("refund-absent"));
        store().refund(List.of(hold)).toCompletableFuture().join();
        assertThat(take(T0, hold).keys()).containsExactly(new KeyOutcome(9, 0));
    }

    @Test
    void refusesTheEleventhHoldInABurst() {
        BucketRequest hold = buyerHold(freshKey("burst"));
        assertThat(admittedOutOf(10, T0, hold)).isEqualTo(10);
        BucketOutcome eleventh = take(T0, hold);
        assertThat(eleventh.admitted()).isFalse();
        assertThat(eleventh.keys()).containsExactly(new KeyOutcome(0, 6_000));
    }

    @Test
    void retryAfterIsTrue() {
        BucketRequest hold = buyerHold(freshKey("retry"));
        admittedOutOf(10, T0, hold);
        assertThat(take(T0 + 1_000, hold).waitMillis()).isEqualTo(5_000);
        assertThat(take(T0 + 5_999, hold).admitted()).isFalse();
        assertThat(admittedOutOf(3, T0 + 6_000, hold)).isEqualTo(1);
    }

    @Test
    void retryAfterIsTheWaitForTheWholeCost() {
        String key = freshKey("cost");
        take(T0, new BucketRequest(key, 10, 1, 6_000, 10));
        BucketOutcome three = take(T0, new BucketRequest(key, 10, 1, 6_000, 3));
        assertThat(three.waitMillis()).isEqualTo(18_000);
        assertThat(take(T0 + 18_000, new BucketRequest(key, 10, 1, 6_000, 3)).admitted()).isTrue();
    }

    @Test
    void refillStopsAtCapacity() {
        BucketRequest hold = buyerHold(freshKey("cap"));
        admittedOutOf(10, T0, hold);
        assertThat(admittedOutOf(20, T0 + 365L * 24 * 3_600_000, hold)).isEqualTo(10);
    }

    @Test
    void aCallerBehindTheStoredTimeGetsNoRefillAndDoesNotMoveItBack() {
        BucketRequest hold = buyerHold(freshKey("behind"));
        admittedOutOf(10, T0 + 60_000, hold);
        // A clock a minute behind would see a full bucket if elapsed time could go negative or the stamp moved back.
        assertThat(take(T0, hold).admitted()).isFalse();
        // The stamp stayed at T0 + 60 s: one token exactly 6 s after it, not after T0.
        assertThat(take(T0 + 65_999, hold).admitted()).isFalse();
        assertThat(take(T0 + 66_000, hold).admitted()).isTrue();
    }

    @Test
    void theWaitOfACallerBehindIsMeasuredOnTheKeysTimeLine() {
        BucketRequest hold = buyerHold(freshKey("behind-wait"));
        admittedOutOf(10, T0 + 5_000, hold);
        assertThat(take(T0, hold).waitMillis()).isEqualTo(11_000);
    }

    @Test
    void aRefusingOrganizerLimitLeavesTheBuyerBucketUntouched() {
        BucketRequest buyer = buyerHold(freshKey("aon-buyer"));
        BucketRequest organizer = organizerHold(freshKey("aon-organizer"));
        assertThat(admittedOutOf(200, T0, organizer)).isEqualTo(200);
        BucketOutcome both = take(T0, buyer, organizer);
        assertThat(both.admitted()).isFalse();
        assertThat(both.keys().get(0)).isEqualTo(new KeyOutcome(10, 0));
        assertThat(both.keys().get(1).waitMillis()).isEqualTo(5);
        assertThat(admittedOutOf(11, T0, buyer)).isEqualTo(10);
    }

    @Test
    void aRefusingBuyerLimitLeavesTheOrganizerBucketUntouched() {
        BucketRequest buyer = buyerHold(freshKey("aon2-buyer"));
        BucketRequest organizer = organizerHold(freshKey("aon2-organizer"));
        admittedOutOf(10, T0, buyer);
        assertThat(take(T0, organizer, buyer).admitted()).isFalse();
        assertThat(admittedOutOf(201, T0, organizer)).isEqualTo(200);
    }

    @Test
    void anAdmittedRequestChargesEveryLimit() {
        BucketRequest buyer = buyerHold(freshKey("both-buyer"));
        BucketRequest organizer = organizerHold(freshKey("both-organizer"));
        BucketOutcome both = take(T0, buyer, organizer);
        assertThat(both.admitted()).isTrue();
        assertThat(both.keys()).containsExactly(new KeyOutcome(9, 0), new KeyOutcome(199, 0));
    }

    @Test
    void partialTokensAccumulateExactly() {
        // 200 per second is one token per 5 ms: 1 ms steps must add up, not round away.
        BucketRequest organizer = organizerHold(freshKey("partial"));
        admittedOutOf(200, T0, organizer);
        for (int ms = 1; ms < 5; ms++) {
            assertThat(take(T0 + ms, organizer).admitted()).isFalse();
        }
        assertThat(take(T0 + 5, organizer).admitted()).isTrue();
    }

    @Test
    void neverDriftsOverManyRefills() {
        // 1 token per 7 s, asked for every 3 s for 30,000 s: the bucket never fills, so every partial token
        // counts and exactly (10 tokens + 30,000 s of refill) / 7 s per token are admitted. (Slow on the fake
        // clock so that the key's wall-clock expiry, twice the 70 s time to fill, never interferes.)
        BucketRequest odd = new BucketRequest(freshKey("drift"), 10, 1, 7_000, 1);
        int admitted = 0;
        for (int step = 0; step <= 10_000; step++) {
            admitted += take(T0 + 3_000L * step, odd).admitted() ? 1 : 0;
        }
        assertThat(admitted).isEqualTo((10 * 7 + 30_000) / 7);
    }

    /**
     * Pins the interleaving of two ingress instances whose clocks are 5 s behind and 5 s ahead of true time on
     * one key: the stored time only moves forward, so over a window W no more than capacity plus the refill of
     * W plus the 10 s spread between the clocks is ever admitted, and the caller behind drains nothing extra.
     */
    @Test
    void callersWithSkewedClocksNeverAdmitMoreThanTheWindowAllows() {
        BucketRequest hold = buyerHold(freshKey("skew"));
        long window = 120_000;
        int admitted = 0;
        for (long t = 0; t <= window; t += 250) {
            admitted += take(T0 + t - 5_000, hold).admitted() ? 1 : 0;
            admitted += take(T0 + t + 5_000, hold).admitted() ? 1 : 0;
        }
        long allowed = 10 + (window + 10_000) / 6_000;
        assertThat(admitted).isLessThanOrEqualTo((int) allowed).isGreaterThanOrEqualTo(10 + (int) (window / 6_000));
    }
}
