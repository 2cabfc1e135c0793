package io.stagedoor.admission.bucket;

import io.stagedoor.admission.AdmissionMessages;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;

/**
 * Smart batching of bucket takes on one connection. While {@link CallCoalescing#callsInFlight()} script calls
 * are out, a new take waits; the reply of a call first sends everything that waited meanwhile (up to
 * {@link CallCoalescing#decisionsPerCall()}) as the next call, then completes its own takes. A lone take goes out
 * at once, so an idle limiter adds no latency; a busy one pays Redis's and Lettuce's per-call cost once per batch
 * instead of once per decision. Calls reach Redis in the order they were made and decisions in one call run in
 * arrival order, so every decision is taken in arrival order, each exactly as if it were a call of its own. The
 * waiting line is bounded: past {@link CallCoalescing#waitingBound()} a take fails at once, as a Redis failure
 * does.
 */
final class TakeCoalescer {

    /** Where a call's reply is handled by default: a virtual thread, off the connection's I/O thread. */
    private static final Executor OFF_IO_THREAD = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("bucket-call-reply-", 0).factory());

    private final Function<List<Take>, CompletionStage<List<BucketOutcome>>> calls;
    private final CallCoalescing settings;
    private final Executor replies;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private int callsOut;

    /** @param calls sends one script call for the takes, in order, and completes with their outcomes in order */
    TakeCoalescer(Function<List<Take>, CompletionStage<List<BucketOutcome>>> calls, CallCoalescing settings) {
        this(calls, settings, OFF_IO_THREAD);
    }

    /** @param replies where a call's reply is handled (see {@link #sendLocked}); tests handle it in place */
    TakeCoalescer(Function<List<Take>, CompletionStage<List<BucketOutcome>>> calls, CallCoalescing settings,
                  Executor replies) {
        this.calls = calls;
        this.settings = settings;
        this.replies = replies;
    }

    CompletionStage<BucketOutcome> take(Take take) {
        Waiting entry = new Waiting(take, new CompletableFuture<>());
        synchronized (waiting) {
            if (waiting.size() >= settings.waitingBound()) {
                return CompletableFuture.failedFuture(new RejectedExecutionException(
                        AdmissionMessages.tooManyWaitingTakes(settings.waitingBound())));
            }
            waiting.add(entry);
            sendLocked(nextBatchLocked());
        }
        return entry.outcome();
    }

    /** Takes now waiting (for tests). */
    int waiting() {
        synchronized (waiting) {
            return waiting.size();
        }
    }

    /** The next call's takes when a call may go out now, else null; counts the call as out. */
    private List<Waiting> nextBatchLocked() {
        if (waiting.isEmpty() || callsOut >= settings.callsInFlight()) {
            return null;
        }
        int size = Math.min(waiting.size(), settings.decisionsPerCall());
        List<Waiting> batch = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            batch.add(waiting.poll());
        }
        callsOut++;
        return batch;
    }

    /**
     * Hands {@code batch} to the connection while holding the lock, so calls are written in the order their takes
     * were taken. Never called on the connection's I/O thread: Netty writes a call made there at once, ahead of
     * one another thread handed it a moment earlier, which would let a later batch reach Redis first.
     */
    private void sendLocked(List<Waiting> batch) {
        if (batch == null) {
            return;
        }
        List<Take> takes = new ArrayList<>(batch.size());
        for (Waiting entry : batch) {
            takes.add(entry.take());
        }
        CompletionStage<List<BucketOutcome>> call;
        try {
            call = calls.apply(takes);
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        call.whenCompleteAsync((outcomes, error) -> {
            synchronized (waiting) {
                callsOut--;
                sendLocked(nextBatchLocked());
            }
            settle(batch, outcomes, error);
        }, replies);
    }

    private static void settle(List<Waiting> batch, List<BucketOutcome> outcomes, Throwable error) {
        if (error == null && (outcomes == null || outcomes.size() != batch.size())) {
            error = new IllegalStateException(AdmissionMessages.malformedScriptReply(outcomes));
        }
        for (int i = 0; i < batch.size(); i++) {
            if (error == null) {
                batch.get(i).outcome().complete(outcomes.get(i));
            } else {
                batch.get(i).outcome().completeExceptionally(error);
            }
        }
    }

    private record Waiting(Take take, CompletableFuture<BucketOutcome> outcome) {
    }
}
