package io.stagedoor.admission.limit;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The limits one process applies now, replaced whole when the configuration file changes. Each request reads them
 * once ({@link #get}) and decides on that one list; a replacement applies from the next request on. Replacing is
 * safe at any time: every check carries its bucket to Redis, so a changed bucket takes effect on its next call, a
 * new limit starts full, and a removed one is no longer asked.
 */
public final class LiveLimits implements Supplier<Limits> {

    private volatile Limits current;

    public LiveLimits(Limits initial) {
        this.current = Objects.requireNonNull(initial, "initial");
    }

    @Override
    public Limits get() {
        return current;
    }

    /** Applies {@code next} from the next request on; returns the limits it replaced. */
    public Limits replace(Limits next) {
        Limits previous = current;
        current = Objects.requireNonNull(next, "next");
        return previous;
    }
}
