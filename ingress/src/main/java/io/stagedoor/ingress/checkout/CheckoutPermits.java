package io.stagedoor.ingress.checkout;

import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.bound.Permit;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The outstanding checkouts of this instance. A checkout takes a permit without waiting (or is refused at once),
 * and keeps it until its result reaches this instance through the results topic, or until {@code timeout} gives it
 * back, so a lost result can never leak a permit. At most {@code bound.limit()} entries exist. Thread-safe.
 */
public final class CheckoutPermits implements AutoCloseable {

    private final ConcurrencyBound bound;
    private final Duration timeout;
    private final ConcurrentHashMap<String, Outstanding> outstanding = new ConcurrentHashMap<>();
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1,
            runnable -> Thread.ofPlatform().daemon().name("checkout-permit-timeout").unstarted(runnable));

    {
        // a released checkout cancels its timeout; removing it keeps the timer's queue as small as the bound
        timer.setRemoveOnCancelPolicy(true);
    }

    public CheckoutPermits(ConcurrencyBound bound, Duration timeout) {
        this.bound = bound;
        this.timeout = timeout;
    }

    /** A permit, or empty at once when every permit is out. */
    public Optional<Permit> tryAcquire() {
        return bound.tryAcquire();
    }

    /**
     * Ties a permit to an accepted checkout: released by its result or by the timeout, whichever comes first. A
     * retry of a checkout already outstanding (same correlation id) gives its new permit back at once, so one
     * checkout never holds two permits.
     */
    public void holdUntilResult(String correlationId, Permit permit) {
        outstanding.compute(correlationId, (id, existing) -> {
            if (existing != null) {
                permit.release();
                return existing;
            }
            ScheduledFuture<?> expiry = timer.schedule(() -> release(id), timeout.toMillis(), TimeUnit.MILLISECONDS);
            return new Outstanding(permit, expiry);
        });
    }

    /** The result of {@code correlationId} arrived (or it timed out): give its permit back. */
    public void release(String correlationId) {
        Outstanding checkout = outstanding.remove(correlationId);
        if (checkout != null) {
            checkout.permit().release();
            checkout.expiry().cancel(false);
        }
    }

    public ConcurrencyBound bound() {
        return bound;
    }

    private record Outstanding(Permit permit, ScheduledFuture<?> expiry) {
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
