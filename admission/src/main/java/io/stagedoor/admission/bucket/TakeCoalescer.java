package io.stagedoor.admission.bucket;

import io.stagedoor.admission.AdmissionMessages;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;

/**
 * Smart batching of bucket takes on one connection. While {@link CallCoalescing#callsInFlight()} script calls
 * are out, a new take waits; the reply of a call first completes its own takes, then sends everything that waited
 * (up to {@link CallCoalescing#decisionsPerCall()}) as the next call. A call counts as out until its takes are
 * completed, so the takes that callers make on the reply's thread (a closed loop) join that next call, rather than
 * the first of them going out alone and the rest waiting for a slot. A lone take goes out at once, so an idle
 * limiter adds no latency; a busy one pays Redis's and Lettuce's per-call cost once per batch instead of once per
 * decision.
 *
 * <p>Decisions in one call run in arrival order, each exactly as if it were a call of its own. With more than one
 * call out, calls can reach Redis out of order: Netty writes a call made on the I/O thread (a reply sending what
 * waited) at once, ahead of one a request thread handed it a moment earlier. Only takes that raced each other are
 * reordered that way, and every decision stays exact; handling replies off the I/O thread would keep the order but
 * cost a thread hop per call. The waiting line is bounded: past {@link CallCoalescing#waitingBound()} a take fails at once, as a Redis
 * failure does.
 */
final class TakeCoalescer {

    private final Function<List<Take>, CompletionStage<List<BucketOutcome>>> calls;
    private final CallCoalescing settings;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private int callsOut;

    /** @param calls sends one script call for the takes, in order, and completes with their outcomes in order */
    TakeCoalescer(Function<List<Take>, CompletionStage<List<BucketOutcome>>> calls, CallCoalescing settings) {
        this.calls = calls;
        this.settings = settings;
    }

    CompletionStage<BucketOutcome> take(Take take) {
        Waiting entry = new Waiting(take, new CompletableFuture<>());
        List<Waiting> batch;
        synchronized (waiting) {
            if (waiting.size() >= settings.waitingBound()) {
                return CompletableFuture.failedFuture(new RejectedExecutionException(
                        AdmissionMessages.tooManyWaitingTakes(settings.waitingBound())));
            }
            waiting.add(entry);
            batch = nextBatchLocked();
        }
        send(batch);
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

    private void send(List<Waiting> batch) {
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
        call.whenComplete((outcomes, error) -> {
            try {
                settle(batch, outcomes, error);
            } finally {
                // Whatever settling did, the slot is freed and what waited goes out: never a call counted forever.
                List<Waiting> next;
                synchronized (waiting) {
                    callsOut--;
                    next = nextBatchLocked();
                }
                send(next);
            }
        });
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
