package io.stagedoor.admission.bound;

import java.util.concurrent.atomic.AtomicBoolean;

/** One unit of a {@link ConcurrencyBound}. Releasing it twice releases it once, so racing releasers are safe. */
public final class Permit implements AutoCloseable {

    private final ConcurrencyBound bound;
    private final AtomicBoolean released = new AtomicBoolean();

    Permit(ConcurrencyBound bound) {
        this.bound = bound;
    }

    /** Gives the permit back; later calls do nothing. Returns whether this call released it. */
    public boolean release() {
        if (released.compareAndSet(false, true)) {
            bound.release();
            return true;
        }
        return false;
    }

    @Override
    public void close() {
        release();
    }
}
