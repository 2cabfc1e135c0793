package io.stagedoor.ingress.rings;

/**
 * The JAX-RS priorities of the rings, in the order of ARCHITECTURE.md: lower runs first. Kept in one place so
 * the order can be read, and changed, here alone.
 */
public final class RingOrder {

    /**
     * Which listener a route is served on: admin routes and metrics on the admin listener alone. The first ring
     * after matching (it needs the matched resource), so it runs after the pre-matching door and body deadline.
     */
    public static final int LISTENER = 250;
    /** In-flight bound: sheds with 503 before anything else costs CPU. */
    public static final int DOOR = 100;
    /** The deadline of the request body, installed on the entity stream every later reader gets (pre-matching). */
    public static final int BODY_DEADLINE = 110;
    /** Requests in flight per source address, on routes without a principal, before anything reads the body. */
    public static final int ADDRESS_IN_FLIGHT = 150;
    /** Limits keyed on the source address (login), before any hashing. */
    public static final int ADDRESS_LIMIT = 200;
    /** Bearer token, API key or admin key. */
    public static final int AUTHENTICATION = 300;
    /** Requests in flight per authenticated principal, before the principal limits or the resource read the body. */
    public static final int PRINCIPAL_IN_FLIGHT = 350;
    /** Limits keyed on the authenticated principal (buyer, organizer, API key). */
    public static final int PRINCIPAL_LIMIT = 400;
    /** A valid waiting-room pass for the event. */
    public static final int WAITING_ROOM = 500;
    /** Outstanding checkouts per instance. */
    public static final int CHECKOUT_BOUND = 600;

    private RingOrder() {
    }
}
