package io.stagedoor.admission.limiter;

import io.stagedoor.admission.bucket.BucketRequest;
import io.stagedoor.admission.bucket.BucketStore;
import io.stagedoor.admission.limit.LimitCheck;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What one admitted {@link Decision} took, and from which store: the checks whose tokens that store really took (the
 * enforced ones; never a shadow limit, never a fail-open one), with their bucket requests. It rides on the decision
 * (and on every copy {@link Decision#at} makes), so {@link Limiter#giveBack} can give exactly that back, once.
 */
final class TakenTokens {

    private final BucketStore store;
    private final List<LimitCheck> checks;
    private final List<BucketRequest> requests;
    private final AtomicBoolean givenBack = new AtomicBoolean();

    /** @param requests the bucket requests of {@code checks}, in order, as the take sent them */
    TakenTokens(BucketStore store, List<LimitCheck> checks, List<BucketRequest> requests) {
        this.store = store;
        this.checks = List.copyOf(checks);
        this.requests = List.copyOf(requests);
    }

    /** True for the first caller only: a second give-back of one decision would give twice. */
    boolean claim() {
        return givenBack.compareAndSet(false, true);
    }

    BucketStore store() {
        return store;
    }

    List<LimitCheck> checks() {
        return checks;
    }

    List<BucketRequest> requests() {
        return requests;
    }
}
