/**
 * The rings a request passes through, outermost first, as JAX-RS filters: each one can refuse, and a refused
 * request never reaches the rings inside it.
 */
package io.stagedoor.ingress.rings;
