package io.stagedoor.ingress.rings;

/**
 * The order of the rings. Jersey runs its filters in ascending priority, lower first. The door is not one of them: it
 * runs in the front stage ({@link io.stagedoor.ingress.front.FrontStage}), before Jersey and so before every filter,
 * whatever its number. So, on the hold route, do authentication, the principal's share, the waiting-room pass and the
 * principal limit, in this same order, for every request whose body has arrived whole
 * ({@link io.stagedoor.ingress.front.HoldsAhead}); the rings inside Jersey see what the front proved and do not
 * repeat it. The rest are JAX-RS filters at these priorities; the pre-matching ones (accept header, body deadline)
 * run before Jersey matches a resource. Kept in one place so the order can be read, and changed, here alone:
 *
 * <ol>
 *   <li>{@link #DOOR} {@link DoorRing}, in the front stage</li>
 *   <li>{@link #ACCEPT_HEADER} {@link AcceptHeaderCheck}, pre-matching</li>
 *   <li>{@link #BODY_DEADLINE} {@link BodyDeadlineRing}, pre-matching</li>
 *   <li>{@link #ADDRESS_IN_FLIGHT} {@link ClientInFlightRing}, on routes without a principal</li>
 *   <li>{@link #ADDRESS_LIMIT} {@link AddressLimitRing}</li>
 *   <li>{@link #LISTENER} {@link ListenerRing}</li>
 *   <li>{@link #CHECKOUT_FULL} {@link io.stagedoor.ingress.checkout.CheckoutBoundRing}, a look at the bound</li>
 *   <li>{@link #AUTHENTICATION} {@link AuthenticationRing}</li>
 *   <li>{@link #PRINCIPAL_IN_FLIGHT} {@link ClientInFlightRing}, on authenticated routes</li>
 *   <li>{@link #WAITING_ROOM} {@link io.stagedoor.ingress.waitingroom.PassGate}</li>
 *   <li>{@link #PRINCIPAL_LIMIT} {@link PrincipalLimitRing}</li>
 *   <li>{@link #CHECKOUT_BOUND} {@link io.stagedoor.ingress.checkout.CheckoutBoundRing}</li>
 * </ol>
 */
public final class RingOrder {

    /** An unparseable {@code Accept} header is answered with a problem, first of Jersey's rings (pre-matching). */
    public static final int ACCEPT_HEADER = 1;
    /** In-flight bound: sheds with 503 before anything else costs CPU (in the front stage, before Jersey). */
    public static final int DOOR = 100;
    /** The deadline of the request body, installed on the entity stream every later reader gets (pre-matching). */
    public static final int BODY_DEADLINE = 110;
    /** Requests in flight per source address, on routes without a principal, before anything reads the body. */
    public static final int ADDRESS_IN_FLIGHT = 150;
    /** Limits keyed on the source address (login), before any hashing. */
    public static final int ADDRESS_LIMIT = 200;
    /** Which listener a route is served on, decided on the matched resource: admin routes on the admin one alone. */
    public static final int LISTENER = 250;
    /** Bearer token, API key or admin key. */
    public static final int AUTHENTICATION = 300;
    /** Requests in flight per authenticated principal, before the principal limits or the resource read the body. */
    public static final int PRINCIPAL_IN_FLIGHT = 350;
    /**
     * A valid waiting-room pass for the event, on the hold route: before the principal limit, so a hold refused for
     * its pass spends none of the buyer's or the organizer's tokens.
     */
    public static final int WAITING_ROOM = 380;
    /**
     * On the checkout route, whether the checkout bound is full, looked at without taking a permit: a checkout that
     * would be shed for it is shed before its token is checked and the principal limit decided, with no Redis call,
     * none of the buyer's tokens spent, and the bound's {@code Retry-After} (decision 0030). Taking nothing here, it
     * is nothing one client can fill.
     */
    public static final int CHECKOUT_FULL = 280;
    /** Limits keyed on the authenticated principal (buyer, organizer, API key). */
    public static final int PRINCIPAL_LIMIT = 400;
    /** Outstanding checkouts per instance, on the checkout route: a permit taken without waiting. */
    public static final int CHECKOUT_BOUND = 600;

    private RingOrder() {
    }
}
