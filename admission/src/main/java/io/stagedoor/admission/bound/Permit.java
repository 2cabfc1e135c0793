package io.stagedoor.admission.bound;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One unit of a {@link ConcurrencyBound} or of one key's share of a {@link KeyedConcurrencyBound}. Releasing it twice
 * releases it once, so racing releasers are safe.
 */
public final class Permit implements AutoCloseable {

    private final Runnable giveBack;
    private final AtomicBoolean released = new AtomicBoolean();

    Permit(Runnable giveBack) {
        this.giveBack = giveBack;
    }

    /** Gives the permit back; later calls do nothing. Returns whether this call released it. */
    public boolean release() {
        if (released.compareAndSet(false, true)) {
            giveBack.run();
            return true;
        }
        return false;
    }

    @Override
    public void close() {
        release();
    }
}
