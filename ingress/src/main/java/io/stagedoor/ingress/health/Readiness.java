package io.stagedoor.ingress.health;

import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.ingress.metrics.SchedulingLag;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Whether this instance should get traffic: not when the JVM is late on its own schedule (CPU saturated, long GC),
 * nor when the door is nearly full (90 %), nor while following a topic fails (its views, and the results its polls
 * answer from, may be stale). The balancer then sends new requests elsewhere before the door sheds.
 */
public final class Readiness implements BooleanSupplier {

    private final SchedulingLag lag;
    private final Duration lagThreshold;
    private final ConcurrencyBound door;
    private final BooleanSupplier followingFails;

    public Readiness(SchedulingLag lag, Duration lagThreshold, ConcurrencyBound door, BooleanSupplier followingFails) {
        this.lag = lag;
        this.lagThreshold = lagThreshold;
        this.door = door;
        this.followingFails = followingFails;
    }

    @Override
    public boolean getAsBoolean() {
        return lag.current().compareTo(lagThreshold) <= 0 && door.inUse() < door.limit() * 0.9
                && !followingFails.getAsBoolean();
    }
}
