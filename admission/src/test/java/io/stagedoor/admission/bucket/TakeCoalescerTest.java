package io.stagedoor.admission.bucket;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;

import static org.assertj.core.api.Assertions.assertThat;

/** The batching rules alone, with calls that complete when the test says (the Redis side is RedisBucketStoreIT). */
class TakeCoalescerTest {

    private static final BucketOutcome ADMITTED = new BucketOutcome(true, List.of(new KeyOutcome(1, 0)));

    /** Calls the coalescer sent, each with the future the test completes. */
    private final List<Call> calls = new ArrayList<>();

    private record Call(List<Take> takes, CompletableFuture<List<BucketOutcome>> reply) {

        void answer() {
            List<BucketOutcome> outcomes = new ArrayList<>();
            for (int i = 0; i < takes.size(); i++) {
                outcomes.add(ADMITTED);
            }
            reply.complete(outcomes);
        }
    }

    private CompletionStage<List<BucketOutcome>> send(List<Take> takes) {
        Call call = new Call(takes, new CompletableFuture<>());
        calls.add(call);
        return call.reply();
    }

    private static Take take(long now) {
        return new Take(List.of(new BucketRequest("k", 10, 1, 1_000, 1)), now);
    }

    @Test
    void aLoneTakeGoesOutAtOnce() {
        TakeCoalescer coalescer = new TakeCoalescer(this::send, new CallCoalescing(1, 64, 100));
        CompletableFuture<BucketOutcome> outcome = coalescer.take(take(1)).toCompletableFuture();
        assertThat(calls).hasSize(1);
        calls.get(0).answer();
        assertThat(outcome).isCompletedWithValue(ADMITTED);
    }

    @Test
    void takesArrivingWhileCallsAreOutGoTogetherInArrivalOrderWhenOneReturns() {
        TakeCoalescer coalescer = new TakeCoalescer(this::send, new CallCoalescing(2, 3, 100));
        List<CompletableFuture<BucketOutcome>> outcomes = new ArrayList<>();
        for (long now = 1; now <= 7; now++) {
            outcomes.add(coalescer.take(take(now)).toCompletableFuture());
        }
        assertThat(calls).hasSize(2);
        assertThat(coalescer.waiting()).isEqualTo(5);
        calls.get(0).answer();
        assertThat(calls).hasSize(3);
        assertThat(calls.get(2).takes()).extracting(Take::nowMillis).containsExactly(3L, 4L, 5L);
        assertThat(outcomes.get(0)).isCompletedWithValue(ADMITTED);
        assertThat(outcomes.get(2)).isNotDone();
        calls.get(1).answer();
        assertThat(calls.get(3).takes()).extracting(Take::nowMillis).containsExactly(6L, 7L);
        calls.get(2).answer();
        calls.get(3).answer();
        assertThat(outcomes).allSatisfy(outcome -> assertThat(outcome).isCompletedWithValue(ADMITTED));
        assertThat(coalescer.waiting()).isZero();
    }

    @Test
    void takesMadeWhileAReplyIsSettledGoOutTogetherAfterIt() {
        TakeCoalescer coalescer = new TakeCoalescer(this::send, new CallCoalescing(2, 64, 100));
        List<CompletableFuture<BucketOutcome>> first = new ArrayList<>();
        for (long now = 1; now <= 5; now++) {
            first.add(coalescer.take(take(now)).toCompletableFuture());
        }
        calls.get(1).answer();
        assertThat(calls.get(2).takes()).extracting(Take::nowMillis).containsExactly(3L, 4L, 5L);
        // As a closed-loop caller does: each outcome, completed on the reply's thread, makes the next take there.
        List<CompletableFuture<BucketOutcome>> next = new ArrayList<>();
        for (CompletableFuture<BucketOutcome> outcome : first.subList(2, 5)) {
            outcome.thenRun(() -> next.add(coalescer.take(take(10 + next.size())).toCompletableFuture()));
        }
        calls.get(2).answer();
        // One call for the three, not a call for the first of them and the rest left waiting for a free slot.
        assertThat(calls).hasSize(4);
        assertThat(calls.get(3).takes()).extracting(Take::nowMillis).containsExactly(10L, 11L, 12L);
        calls.get(0).answer();
        calls.get(3).answer();
        assertThat(next).hasSize(3).allSatisfy(outcome -> assertThat(outcome).isCompletedWithValue(ADMITTED));
    }

    @Test
    void aFailedCallFailsItsOwnTakesAndTheNextCallStillGoesOut() {
        TakeCoalescer coalescer = new TakeCoalescer(this::send, new CallCoalescing(1, 64, 100));
        CompletableFuture<BucketOutcome> first = coalescer.take(take(1)).toCompletableFuture();
        CompletableFuture<BucketOutcome> second = coalescer.take(take(2)).toCompletableFuture();
        calls.get(0).reply().completeExceptionally(new IllegalStateException("connection reset"));
        assertThat(first).isCompletedExceptionally();
        assertThat(calls).hasSize(2);
        calls.get(1).answer();
        assertThat(second).isCompletedWithValue(ADMITTED);
    }

    @Test
    void aReplyOfTheWrongLengthFailsTheWholeCall() {
        TakeCoalescer coalescer = new TakeCoalescer(this::send, new CallCoalescing(1, 64, 100));
        CompletableFuture<BucketOutcome> first = coalescer.take(take(1)).toCompletableFuture();
        calls.get(0).reply().complete(List.of());
        assertThat(first).isCompletedExceptionally();
    }

    @Test
    void pastTheWaitingBoundATakeFailsAtOnce() {
        TakeCoalescer coalescer = new TakeCoalescer(this::send, new CallCoalescing(1, 64, 2));
        coalescer.take(take(1));
        coalescer.take(take(2));
        coalescer.take(take(3));
        CompletableFuture<BucketOutcome> refused = coalescer.take(take(4)).toCompletableFuture();
        assertThat(refused).isCompletedExceptionally();
        assertThat(refused.exceptionNow()).isInstanceOf(RejectedExecutionException.class);
        assertThat(coalescer.waiting()).isEqualTo(2);
    }
}
