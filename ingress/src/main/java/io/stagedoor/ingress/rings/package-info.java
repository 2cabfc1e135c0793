/**
 * The rings a request passes through, outermost first, as JAX-RS filters at the priorities of {@link
 * io.stagedoor.ingress.rings.RingOrder}: each one can refuse, and a refused request never reaches the rings inside it.
 */
package io.stagedoor.ingress.rings;
