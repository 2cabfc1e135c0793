/**
 * The front stage: the rings that run on the raw Grizzly request, before Jersey's container. The door sheds here,
 * and the hold route is authenticated, shared, read and decided here, so a request it refuses never enters the
 * JAX-RS runtime and no thread waits for Redis. What the front does not take, and every request it admits, goes on
 * to Jersey on a virtual thread, where the remaining rings run in {@link io.stagedoor.ingress.rings.RingOrder}.
 */
package io.stagedoor.ingress.front;
