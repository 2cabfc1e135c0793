package io.stagedoor.ingress.checkout;

import io.stagedoor.ingress.idempotency.IdempotentRequests;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.topics.TopicNames;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.time.Clock;

/**
 * The checkout route with its ring: the checkout bound ({@link CheckoutBoundRing}, at {@code RingOrder.CHECKOUT_BOUND})
 * and {@link CheckoutResource}, sharing one {@link CheckoutPermits}. The permits are the caller's to close.
 */
public final class CheckoutFeature implements Feature {

    private final CheckoutBoundRing bound;
    private final CheckoutResource resource;

    public CheckoutFeature(CheckoutRequests checkouts, CheckoutPermits permits, FullBound look, Publisher publisher,
                           TopicNames topics, IdempotentRequests ids, IngressMetrics metrics, Clock clock) {
        this.bound = new CheckoutBoundRing(permits, checkouts, look, metrics);
        this.resource = new CheckoutResource(checkouts, permits, publisher, topics, ids, metrics, clock);
    }

    @Override
    public boolean configure(FeatureContext context) {
        context.register(bound);
        context.register(resource);
        return true;
    }
}
