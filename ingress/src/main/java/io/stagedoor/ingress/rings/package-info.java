/**
 * The rings a request passes through, outermost first, in the order of {@link io.stagedoor.ingress.rings.RingOrder}:
 * the door, and on the hold route the rings up to the principal limit, in the front stage before Jersey ({@link
 * io.stagedoor.ingress.front}); the rest as JAX-RS filters. Each one can refuse, and a refused request never reaches
 * the rings inside it. A ring of one route lives with it (the pass gate, the checkout bound); its priority stays here.
 */
package io.stagedoor.ingress.rings;
