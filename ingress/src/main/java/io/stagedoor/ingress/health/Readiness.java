package io.stagedoor.ingress.health;

import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.ingress.metrics.SchedulingLag;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Whether this instance should get traffic: not when the JVM is late on its own schedule (CPU saturated, long GC)
 * nor when the door is nearly full (90 %). The balancer then sends new requests elsewhere before the door sheds.
 */
public final class Readiness implements BooleanSupplier {

    private final SchedulingLag lag;
    private final Duration lagThreshold;
    private final ConcurrencyBound door;

    public Readiness(SchedulingLag lag, Duration lagThreshold, ConcurrencyBound door) {
        this.lag = lag;
        this.lagThreshold = lagThreshold;
        this.door = door;
    }

    @Override
    public boolean getAsBoolean() {
        return lag.current().compareTo(lagThreshold) <= 0 && door.inUse() < door.limit() * 0.9;
    }
}
