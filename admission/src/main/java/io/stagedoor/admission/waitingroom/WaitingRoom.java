package io.stagedoor.admission.waitingroom;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Function;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.fallback.ProcessOverloaded;

/**
 * Every event's waiting room: buyers join, are admitted in position order at the entry rate while fewer than the
 * event's cap are active ({@link ActiveCap}), and receive a {@link WaitingRoomPass} that works while their session
 * is on; sessions end early by checkout, holds ending or revocation ({@link #end}); operators change the rate and
 * pause or resume. Each operation is one store call; the
 * caller passes the event's {@link RoomPlan} with each, so the room needs no copy of the event catalog.
 * Steps go to {@link RoomSteps} for audit. Thread-safe; build one with {@link #builder()} and close it.
 */
public final class WaitingRoom implements AutoCloseable {

    private static final Base64.Encoder TICKETS = Base64.getUrlEncoder().withoutPadding();

    private final RoomStore store;
    private final PassSigner passes;
    private final Clock clock;
    private final RoomOptions options;
    private final WaitingRoomMetrics metrics;
    private final RoomSteps steps;
    private final Runnable onClose;
    private final boolean trustsUnknownSessions;
    private final SecureRandom random = new SecureRandom();
    private final SignedTickets signed;
    private final ParkedTickets parked;

    /**
     * @param trustsUnknownSessions whether a genuine pass whose session the store does not know is let through: so in
     *                              single-instance mode, whose store starts empty on every restart; never when rooms
     *                              are shared, where an unknown session is one that is gone
     */
    WaitingRoom(Function<UnusedReplies, RoomStore> store, PassSigner passes, TicketSigner tickets, ParkedTickets parked,
                RoomTimer timer, Clock clock, RoomOptions options, WaitingRoomMetrics metrics, RoomSteps steps, Runnable onClose,
                boolean trustsUnknownSessions) {
        this.trustsUnknownSessions = trustsUnknownSessions;
        this.passes = passes;
        this.parked = parked;
        this.clock = clock;
        this.options = options;
        this.metrics = metrics;
        this.steps = steps;
        this.onClose = onClose;
        // Last: the store may hand this room the replies nobody used, which need everything above.
        this.store = store.apply(this::heardUnused);
        this.signed = new SignedTickets(this.store, tickets, clock, timer, options, this::observe);
    }

    public static WaitingRoomBuilder builder() {
        return new WaitingRoomBuilder();
    }

    /**
     * Gives the buyer a place in the event's queue, or returns the ticket they already have. A closed room
     * ({@link QueueingMethod#REJECT}), a sold-out event or a pre-queue not yet started gives no place and makes no
     * store call: the answer says which ({@link QueueTicket.Standing#CLOSED}, {@link QueueTicket.Standing#SOLD_OUT},
     * {@link QueueTicket.Standing#NOT_YET_OPEN} with when it starts), counted.
     */
    public CompletionStage<QueueTicket> join(String eventId, RoomPlan plan, String buyerId) {
        return join(eventId, plan, buyerId, null);
    }

    /**
     * {@link #join}, for a buyer who presents the signed ticket they hold ({@code held}, else null): while it is
     * genuine, theirs, and still waiting or admitted, it is what they get back, with no new place; a signed ticket is
     * known only to its holder, so joining again without it gives a new one.
     */
    public CompletionStage<QueueTicket> join(String eventId, RoomPlan plan, String buyerId, String held) {
        if (parked.read(held, eventId, buyerId).isPresent()) {
            // Released from the parked lane: their parked place was never a real one, so they join at the back.
            return freshJoin(eventId, plan, buyerId);
        }
        if (TicketSigner.isSigned(held) && refusal(plan).isEmpty() && plan.preQueueAt().toEpochMilli() <= clock.millis()) {
            return look(eventId, plan, buyerId, held).thenCompose(found -> found
                    .filter(ticket -> ticket.standing() == QueueTicket.Standing.WAITING
                            || ticket.standing() == QueueTicket.Standing.ADMITTED)
                    .<CompletionStage<QueueTicket>>map(CompletableFuture::completedFuture)
                    .orElseGet(() -> freshJoin(eventId, plan, buyerId)));
        }
        return freshJoin(eventId, plan, buyerId);
    }

    /**
     * A place in the parked lane (decision 0037), for a buyer the caller flagged: answered exactly as a place at the
     * back of the queue is, with a token in the form of the room's tickets, but never reached, so never admitted. A
     * buyer presenting the parked ticket they hold gets it back. Kept nowhere and recorded by no step: the caller
     * records why it parked the buyer. A closed room, a sold-out event or a pre-queue not yet started answers as for
     * anyone.
     */
    public CompletionStage<QueueTicket> joinParked(String eventId, RoomPlan plan, String buyerId, String held) {
        Optional<QueueTicket> away = turnedAway(eventId, plan, buyerId);
        if (away.isPresent()) {
            return CompletableFuture.completedFuture(away.get());
        }
        RoomCall call = call(eventId, plan);
        Optional<SignedTicket> kept = parked.read(held, eventId, buyerId);
        return signed.view(call).thenApply(room -> {
            SignedTicket ticket = kept.orElseGet(() -> parkedTicket(call, buyerId, room));
            if (kept.isEmpty()) {
                metrics.parked(eventId);
            }
            return parkedStanding(eventId, plan, room, ticket, kept.isPresent() ? held : parked.issue(ticket),
                    kept.isEmpty());
        });
    }

    /** The next place in the queue as this instance sees it, with the wait a real ticket there is told. */
    private static SignedTicket parkedTicket(RoomCall call, String buyerId, RoomState room) {
        long place = room.joined() + 1;
        long estimate = room.opened() ? room.rate().timeFor(place - room.frontier() + room.owed()).toMillis()
                : Math.max(0, call.opensAtMillis() - call.nowMillis()) + room.rate().timeFor(place).toMillis();
        return new SignedTicket(call.eventId(), buyerId, place, !room.opened(), call.nowMillis(), estimate,
                room.source(), null, 0);
    }

    /**
     * A parked ticket's answer: waiting, coming nearer as a real place would until it is as near as it was told on
     * joining or one longest poll interval from the front, whichever is nearer, and staying there.
     */
    private QueueTicket parkedStanding(String eventId, RoomPlan plan, RoomState room, SignedTicket ticket, String token,
                                       boolean created) {
        long place = room.opened() ? ticket.place(room.seed(), room.lobbySize()) : ticket.index();
        TicketState state = new TicketState(token, ticket.buyerId(), place, ticket.joinedMillis(), 0, 0, false,
                created, false, false);
        double perSecond = room.rate().perSecond();
        double nearest = Math.max(1, Math.min(perSecond * options.maxRetryAfter().toSeconds(),
                perSecond * ticket.estimateMillis() / 1000.0));
        return standing(eventId, plan, room, state, ahead -> room.opened() ? Math.max(nearest, ahead) : ahead);
    }

    private CompletionStage<Optional<QueueTicket>> parkedLook(String eventId, RoomPlan plan, RoomCall call,
                                                              String buyerId, String token) {
        Optional<SignedTicket> ticket = parked.read(token, eventId, buyerId);
        if (ticket.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        return signed.view(call).thenApply(room -> Optional.of(parkedStanding(eventId, plan, room, ticket.get(),
                token, false)));
    }

    /** The answer to a join that gets no place: the room is closed, the event sold out or the pre-queue not started. */
    private Optional<QueueTicket> turnedAway(String eventId, RoomPlan plan, String buyerId) {
        Optional<QueueTicket.Standing> refused = refusal(plan);
        if (refused.isPresent()) {
            metrics.refused(eventId, refused.get());
            return Optional.of(new QueueTicket(eventId, null, buyerId, refused.get(), 0,
                    Duration.ZERO, 0, null, false, RoomSource.IN_PROCESS));
        }
        long untilPreQueue = plan.preQueueAt().toEpochMilli() - clock.millis();
        if (untilPreQueue > 0) {
            metrics.refused(eventId, QueueTicket.Standing.NOT_YET_OPEN);
            return Optional.of(new QueueTicket(eventId, null, buyerId,
                    QueueTicket.Standing.NOT_YET_OPEN, 0, Duration.ofMillis(untilPreQueue), (untilPreQueue + 999) / 1000,
                    null, false, RoomSource.IN_PROCESS));
        }
        return Optional.empty();
    }

    private CompletionStage<QueueTicket> freshJoin(String eventId, RoomPlan plan, String buyerId) {
        Optional<QueueTicket> away = turnedAway(eventId, plan, buyerId);
        if (away.isPresent()) {
            return CompletableFuture.completedFuture(away.get());
        }
        RoomCall call = call(eventId, plan);
        if (options.tickets() == RoomTickets.SIGNED) {
            return signed.join(call, buyerId)
                    .thenApply(answer -> answered(eventId, plan, call, answer).orElseThrow())
                    .exceptionallyCompose(error -> GuardedCalls.shed(error) ? CompletableFuture.failedFuture(error)
                            // The shared queue gave no place: a stored ticket, which the own queue can give.
                            : storedJoin(eventId, plan, call, buyerId));
        }
        return storedJoin(eventId, plan, call, buyerId);
    }

    private CompletionStage<QueueTicket> storedJoin(String eventId, RoomPlan plan, RoomCall call, String buyerId) {
        return store.join(call, buyerId, newTicket()).thenApply(reply -> {
            observe(call, reply);
            return standing(eventId, plan, reply.room(), reply.ticket().orElseThrow());
        });
    }

    /**
     * Where the buyer's ticket stands; empty when the ticket does not exist or is another buyer's. A ticket still
     * waiting in a closed room or for a sold-out event is told so instead of a place.
     */
    public CompletionStage<Optional<QueueTicket>> look(String eventId, RoomPlan plan, String buyerId, String ticket) {
        RoomCall call = call(eventId, plan);
        CompletionStage<Optional<QueueTicket>> found;
        if (TicketSigner.isSigned(ticket)) {
            found = signed.look(call, buyerId, ticket)
                    .thenApply(read -> read.flatMap(answer -> answered(eventId, plan, call, answer)))
                    .exceptionallyCompose(error -> GuardedCalls.shed(error) ? CompletableFuture.failedFuture(error)
                            // Another queue answers now (Redis is unreachable): the ticket is asked about by its id.
                            : signed.idOf(ticket, eventId, buyerId).map(id -> storedLook(eventId, plan, call, buyerId, id))
                            .orElseGet(() -> CompletableFuture.completedFuture(Optional.empty())));
        } else {
            found = storedLook(eventId, plan, call, buyerId, ticket);
        }
        // A ticket the room does not know may be a parked one: asked about only after the room, as a real one is.
        return found.thenCompose(real -> real.isPresent() ? CompletableFuture.completedFuture(real)
                : parkedLook(eventId, plan, call, buyerId, ticket));
    }

    private CompletionStage<Optional<QueueTicket>> storedLook(String eventId, RoomPlan plan, RoomCall call,
                                                              String buyerId, String ticket) {
        return store.look(call, buyerId, ticket).thenApply(reply -> {
            observe(call, reply);
            return reply.ticket().map(state -> standing(eventId, plan, reply.room(), state));
        });
    }

    /**
     * Whether {@code token} is a genuine signed ticket (a real one or a parked one) of {@code buyerId} in
     * {@code eventId}'s room: a MAC or two, no store call. A stored ticket is not one of these.
     */
    public boolean signedTicketOf(String eventId, String buyerId, String token) {
        return signed.idOf(token, eventId, buyerId).isPresent()
                || (TicketSigner.isSigned(token) && parked.read(token, eventId, buyerId).isPresent());
    }

    /** Sets the entry rate from now on. */
    public CompletionStage<RoomSnapshot> changeRate(String eventId, RoomPlan plan, EntryRate rate) {
        return adjust(eventId, plan, rate, null);
    }

    /** Stops admitting; buyers keep their places and may still join. */
    public CompletionStage<RoomSnapshot> pause(String eventId, RoomPlan plan) {
        return adjust(eventId, plan, null, true);
    }

    /** Admits again at the rate set. */
    public CompletionStage<RoomSnapshot> resume(String eventId, RoomPlan plan) {
        return adjust(eventId, plan, null, false);
    }

    /**
     * Opens the event's room if its opening has passed, shuffling those who joined before it, with no buyer's call
     * needed; the store opens a room once, however many instances ask. Completes with whether it is open.
     */
    public CompletionStage<Boolean> openIfDue(String eventId, RoomPlan plan) {
        if (plan.opensAt().toEpochMilli() > clock.millis()) {
            return CompletableFuture.completedFuture(false);
        }
        return snapshot(eventId, plan).thenApply(RoomSnapshot::opened);
    }

    /** The event's room as it stands. */
    public CompletionStage<RoomSnapshot> snapshot(String eventId, RoomPlan plan) {
        RoomCall call = call(eventId, plan);
        return store.snapshot(call).thenApply(reply -> {
            observe(call, reply);
            signed.remember(call, reply);
            return RoomSnapshot.of(eventId, reply.room());
        });
    }

    /**
     * Whether {@code pass} lets {@code buyerId} hold seats of {@code eventId} now: its signature, then (for a genuine
     * pass only, so forgeries cost no store call) one store call for whether its session is still on. Blocks the
     * caller for at most the store's deadline; a store that cannot answer is answered by this instance's own queue,
     * which lets a genuine pass it knows nothing of through (fail open for fairness, counted).
     *
     * @throws ProcessOverloaded when the store call missed its deadline because this process is overloaded while
     *                           Redis answers, or this process was too starved to complete it within twice the
     *                           deadline: shed the request, the own queue does not answer then
     */
    public PassVerdict check(String pass, String eventId, String buyerId) {
        try {
            return checkLater(pass, eventId, buyerId).toCompletableFuture()
                    .get(sessionBackstopMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(AdmissionMessages.sessionUnanswered(e), e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ProcessOverloaded overloaded) {
                throw overloaded;
            }
            throw new IllegalStateException(AdmissionMessages.sessionUnanswered(e), e);
        } catch (TimeoutException e) {
            // The store's own deadline cuts every call well before this bound: a call still undone here was starved
            // of CPU by this process, not kept by Redis. Shed, as for a missed deadline.
            throw new ProcessOverloaded(AdmissionMessages.sessionUnanswered(e));
        }
    }

    /**
     * {@link #check} without waiting: a pass refused by its signature or clock completes at once, with no store call;
     * a genuine one completes on the thread that hears the store, and fails (never hangs) past the store's deadline.
     */
    public CompletionStage<PassVerdict> checkLater(String pass, String eventId, String buyerId) {
        PassVerdict signed = passes.check(pass, eventId, buyerId);
        if (signed != PassVerdict.VALID) {
            return CompletableFuture.completedFuture(signed);
        }
        return store.session(passes.roomOf(pass), buyerId, passes.ticketOf(pass), clock.millis()).toCompletableFuture()
                .orTimeout(sessionBackstopMillis(), TimeUnit.MILLISECONDS)
                .thenApply(session -> switch (session) {
                    case ACTIVE -> PassVerdict.VALID;
                    case ENDED -> PassVerdict.ENDED;
                    case UNKNOWN -> trustsUnknownSessions ? PassVerdict.VALID : PassVerdict.ENDED;
                });
    }

    /** How long a session check may take at most: twice the store's deadline, and a little. */
    private long sessionBackstopMillis() {
        return options.outage().commandTimeout().toMillis() * 2 + 100;
    }

    /**
     * Ends {@code buyerId}'s session in the event's room, if one is on: their slot goes to the next in line, their
     * pass stops working, and a step records why. Completes with whether there was a session to end.
     */
    public CompletionStage<Boolean> end(String eventId, RoomPlan plan, String buyerId, SessionEnd why) {
        RoomCall call = call(eventId, plan);
        return store.end(call, buyerId).thenApply(reply -> {
            observe(call, reply);
            signed.remember(call, reply);
            recordEnd(call, buyerId, reply, why);
            return reply.endedNow();
        });
    }

    /** A step and a count for the session {@code reply} ended, if it ended one. */
    private void recordEnd(RoomCall call, String buyerId, RoomReply reply, SessionEnd why) {
        if (reply.endedNow()) {
            RoomState room = reply.room();
            steps.record(new RoomStep(why == SessionEnd.REVOKED ? RoomStep.Kind.REVOKED : RoomStep.Kind.ENDED,
                    call.eventId(), buyerId, null, 0, 0, rate(room), Instant.ofEpochMilli(call.nowMillis()),
                    room.source(), room.active(), room.cap().limit(), call.method()));
            metrics.ended(call.eventId(), why);
        }
    }

    /**
     * What Redis did on a call whose answer nobody used: observed like any reply, and a session it ended is recorded
     * as ended (why it was ended went with the answer; revoked or left, the session is over either way).
     */
    private void heardUnused(RoomCall call, String buyerId, RoomReply reply) {
        observe(call, reply);
        recordEnd(call, buyerId, reply, SessionEnd.HEARD_LATE);
    }

    /** The current count of one of the room's counters (for tests and operators), 0 if it never counted. */
    public double count(WaitingRoomMeter meter, String... tags) {
        return metrics.count(meter, tags);
    }

    @Override
    public void close() {
        signed.close();
        onClose.run();
    }

    /** Sets the rate (unless null) and pauses or resumes (unless null) in one step, from now on. */
    public CompletionStage<RoomSnapshot> adjust(String eventId, RoomPlan plan, EntryRate rate, Boolean paused) {
        RoomCall call = call(eventId, plan);
        return store.control(call, rate, paused).thenApply(reply -> {
            observe(call, reply);
            signed.remember(call, reply);
            RoomState room = reply.room();
            // Stamped when the store put the rate in force: a call that waited behind a later one changes the rate
            // from the room's clock on, and the audit integrates the rate over the same stretches.
            steps.record(new RoomStep(RoomStep.Kind.RATE_CHANGED, eventId, null, null, 0, 0, rate(room),
                    Instant.ofEpochMilli(Math.max(call.nowMillis(), room.clockMillis())), room.source(), room.active(),
                    room.cap().limit(), call.method()));
            return RoomSnapshot.of(eventId, room);
        });
    }

    private RoomCall call(String eventId, RoomPlan plan) {
        return new RoomCall(eventId, plan.rate(), plan.opensAt().toEpochMilli(), random.nextLong(), clock.millis())
                .capped(plan.active(), plan.passLifetime().toMillis()).choosing(plan.method())
                .drawing(options.tickets() == RoomTickets.SIGNED ? options.drawWindow().toMillis() : 0);
    }

    /** Why nobody may join or wait any longer: the room is closed, or every seat is sold. */
    private static Optional<QueueTicket.Standing> refusal(RoomPlan plan) {
        if (plan.soldOut()) {
            return Optional.of(QueueTicket.Standing.SOLD_OUT);
        }
        return plan.method() == QueueingMethod.REJECT ? Optional.of(QueueTicket.Standing.CLOSED) : Optional.empty();
    }

    private static double rate(RoomState room) {
        return room.paused() ? 0 : room.rate().perSecond();
    }

    private String newTicket() {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return TICKETS.encodeToString(bytes);
    }

    /**
     * A signed ticket's standing, carrying its token while the ticket is the one the buyer holds; observed like a
     * store reply when the store gave it, else only for the ticket it created.
     */
    private Optional<QueueTicket> answered(String eventId, RoomPlan plan, RoomCall call, SignedTickets.Answer answer) {
        RoomReply reply = answer.reply();
        if (answer.heard()) {
            observe(call, reply);
        } else {
            observeTicket(call, reply);
        }
        return reply.ticket().map(state -> {
            QueueTicket standing = standing(eventId, plan, reply.room(), state);
            return signed.idOf(answer.token(), eventId, state.buyerId()).filter(state.ticket()::equals).isPresent()
                    ? standing.withTicket(answer.token()) : standing;
        });
    }

    /** Metrics and audit steps of one store reply. */
    private void observe(RoomCall call, RoomReply reply) {
        RoomState room = reply.room();
        String eventId = call.eventId();
        Instant at = Instant.ofEpochMilli(call.nowMillis());
        double rate = rate(room);
        long active = room.active();
        int cap = room.cap().limit();
        metrics.observed(eventId, room);
        if (room.openedNow()) {
            metrics.shuffled(eventId);
            // Stamped with the opening time, not this call's: the store counts admissions from the opening, however
            // late the first call after it came, and the audit must start its allowance there too.
            steps.record(new RoomStep(RoomStep.Kind.SHUFFLED, eventId, null, null, room.lobbySize(), room.seed(), rate,
                    Instant.ofEpochMilli(call.opensAtMillis()), room.source(), active, cap, call.method()));
        }
        if (reply.drewCount() > 0) {
            steps.record(new RoomStep(RoomStep.Kind.DRAWN, eventId, null, null, reply.drewStart(), room.seed(), rate,
                    at, room.source(), active, cap, call.method(), reply.drewCount()));
        }
        if (reply.placesFreed() > 0) {
            steps.record(new RoomStep(RoomStep.Kind.SLOTS_FREED, eventId, null, null, reply.placesFreed(), 0, rate, at,
                    room.source(), active, cap, call.method()));
        }
        observeTicket(call, reply);
    }

    /** Metrics and audit steps of the ticket in {@code reply}: created, first admitted. */
    private void observeTicket(RoomCall call, RoomReply reply) {
        RoomState room = reply.room();
        String eventId = call.eventId();
        Instant at = Instant.ofEpochMilli(call.nowMillis());
        double rate = rate(room);
        long active = room.active();
        int cap = room.cap().limit();
        reply.ticket().ifPresent(ticket -> {
            if (ticket.created()) {
                metrics.joined(eventId, room.source(), Duration.ofMillis(Math.max(0, ticket.estimateMillis())));
                steps.record(new RoomStep(RoomStep.Kind.JOINED, eventId, ticket.buyerId(), ticket.ticket(),
                        ticket.position(), 0, rate, at, room.source(), active, cap, call.method()));
            }
            if (ticket.firstAdmission()) {
                metrics.admitted(eventId, room.source(), Duration.ofMillis(ticket.admittedMillis() - ticket.joinedMillis()));
                steps.record(new RoomStep(RoomStep.Kind.ADMITTED, eventId, ticket.buyerId(), ticket.ticket(),
                        ticket.position(), 0, rate, at, room.source(), active, cap, call.method()));
            }
        });
    }

    private QueueTicket standing(String eventId, RoomPlan plan, RoomState room, TicketState ticket) {
        return standing(eventId, plan, room, ticket, ahead -> ahead);
    }

    /** @param told the places a waiting buyer is told are ahead of them, from the places that are */
    private QueueTicket standing(String eventId, RoomPlan plan, RoomState room, TicketState ticket,
                                 java.util.function.DoubleUnaryOperator told) {
        if (ticket.admitted()) {
            Instant expiresAt = Instant.ofEpochMilli(ticket.admittedMillis()).plus(plan.passLifetime());
            WaitingRoomPass pass = passes.issue(eventId, ticket.buyerId(), ticket.ticket(), expiresAt);
            QueueTicket.Standing standing = expiresAt.toEpochMilli() <= clock.millis() ? QueueTicket.Standing.EXPIRED
                    : ticket.active() ? QueueTicket.Standing.ADMITTED : QueueTicket.Standing.ENDED;
            return new QueueTicket(eventId, ticket.ticket(), ticket.buyerId(), standing, ticket.position(),
                    Duration.ZERO, 0, pass, ticket.created(), room.source());
        }
        Optional<QueueTicket.Standing> refused = refusal(plan);
        if (refused.isPresent()) {
            return new QueueTicket(eventId, ticket.ticket(), ticket.buyerId(), refused.get(), ticket.position(),
                    Duration.ZERO, 0, null, ticket.created(), room.source());
        }
        if (ticket.awaitingSlot()) {
            // Reached, but every slot is taken: the next one that frees is theirs if they ask first, so ask soon.
            return new QueueTicket(eventId, ticket.ticket(), ticket.buyerId(), QueueTicket.Standing.WAITING,
                    ticket.position(), Duration.ZERO, 1, null, ticket.created(), room.source());
        }
        double ahead = ticket.position() - (room.opened() ? room.frontier() - room.owed() : 0);
        Duration wait = room.rate().timeFor(told.applyAsDouble(ahead));
        if (!room.opened()) {
            wait = wait.plus(Duration.ofMillis(Math.max(0, plan.opensAt().toEpochMilli() - clock.millis())));
        }
        long retryAfter = Math.clamp((wait.toMillis() + 999) / 1000, 1, options.maxRetryAfter().toSeconds());
        return new QueueTicket(eventId, ticket.ticket(), ticket.buyerId(), QueueTicket.Standing.WAITING,
                ticket.position(), wait, retryAfter, null, ticket.created(), room.source());
    }
}
