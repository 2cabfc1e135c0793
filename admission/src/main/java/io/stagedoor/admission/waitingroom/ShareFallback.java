package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.fallback.GuardedCalls;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The shared queue, and this instance's own while Redis is unreachable. An instance that cannot reach Redis admits
 * its share of the rate ({@code rate / instanceCount}) from a queue of its own, so all instances together still
 * admit no more than the rate; every operation so answered is counted. Tickets of the own queue carry
 * {@link #LOCAL_PREFIX} and are answered here even after Redis returns; a buyer whose shared ticket cannot be
 * looked up during an outage is given a place in the own queue (the answer carries the new ticket).
 *
 * <p>Every admission the own queue makes is charged to the shared room with the next shared call that gets
 * through, and the shared frontier grows only once it has made up for them. Without that, the shared queue caught
 * up the whole outage at its first call after it (its frontier grows with time, called or not) on top of what the
 * own queues admitted meanwhile, and the own queue's backlog then went on admitting beside the shared queue's full
 * rate. A charge whose call failed is carried to the next; one whose call failed after Redis ran it is charged
 * twice, which errs towards admitting fewer.
 *
 * <p>Only an outage is answered here. A call shed because this process was overloaded while Redis answered
 * ({@link io.stagedoor.admission.fallback.ProcessOverloaded}) fails as it is: the caller sheds the request, since the
 * own queue would reorder the line and let ended passes work again.
 */
final class ShareFallback implements RoomStore {

    /** Marks tickets of this instance's own queue. */
    static final String LOCAL_PREFIX = "local-";

    /** Counts answers given by the own queue; told the operation's name. */
    interface Counter {
        void answeredInProcess(String eventId, String operation);
    }

    private final RoomStore shared;
    private final InProcessRoomStore own;
    private final int instances;
    private final Counter counter;
    /** Per event: own-queue admissions not yet charged to the shared room. */
    private final ConcurrentHashMap<String, AtomicLong> uncharged = new ConcurrentHashMap<>();

    ShareFallback(RoomStore shared, InProcessRoomStore own, int instances, Counter counter) {
        this.shared = shared;
        this.own = own;
        this.instances = instances;
        this.counter = counter;
    }

    @Override
    public CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket) {
        return orOwn(call, "join", charged -> shared.join(charged, buyerId, newTicket),
                share -> own.join(share, buyerId, LOCAL_PREFIX + newTicket));
    }

    @Override
    public CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket) {
        if (ticket.startsWith(LOCAL_PREFIX)) {
            return counted(call.eventId(), own.look(call.share(instances), buyerId, ticket));
        }
        return orOwn(call, "look", charged -> shared.look(charged, buyerId, ticket),
                share -> own.join(share, buyerId, LOCAL_PREFIX + ticket));
    }

    /**
     * Only the shared queue reserves places for signed tickets: a place in it means nothing to the own queue. When it
     * fails, the caller gives the buyer a stored ticket instead ({@link #join}), which the own queue can answer.
     */
    @Override
    public CompletionStage<RoomReply> reserve(RoomCall call, long places) {
        return sharedOnly(call, charged -> shared.reserve(charged, places));
    }

    /** Only the shared queue admits signed tickets; when it fails, the caller looks the ticket up as a stored one. */
    @Override
    public CompletionStage<RoomReply> claim(RoomCall call, RoomClaim claim) {
        return sharedOnly(call, charged -> shared.claim(charged, claim));
    }

    @Override
    public CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused) {
        // The own queue follows every change, so an outage later admits at the share of the rate in force.
        CompletionStage<RoomReply> mine = own.control(call.share(instances), rate == null ? null : rate.share(instances), paused);
        return orOwn(call, "control", charged -> shared.control(charged, rate, paused), share -> mine);
    }

    @Override
    public CompletionStage<RoomReply> snapshot(RoomCall call) {
        return orOwn(call, "snapshot", shared::snapshot, own::snapshot);
    }

    @Override
    public CompletionStage<RoomReply> end(RoomCall call, String buyerId) {
        // The own queue may hold the buyer's slot (admitted during an outage): end it there as well.
        CompletionStage<RoomReply> mine = own.end(call.share(instances), buyerId);
        return orOwn(call, "end", charged -> shared.end(charged, buyerId), share -> mine);
    }

    /**
     * The own queue answers for its own tickets, and for shared ones while Redis is unreachable; a shared ticket it
     * knows nothing of is taken as active then: fail open for fairness, counted.
     */
    @Override
    public CompletionStage<SessionState> session(String eventId, String buyerId, String ticket, long nowMillis) {
        if (ticket.startsWith(LOCAL_PREFIX)) {
            return own.session(eventId, buyerId, ticket, nowMillis);
        }
        return shared.session(eventId, buyerId, ticket, nowMillis).exceptionallyCompose(unavailable -> {
            if (GuardedCalls.shed(unavailable)) {
                return CompletableFuture.failedFuture(unavailable);
            }
            counter.answeredInProcess(eventId, "session");
            return own.session(eventId, buyerId, ticket, nowMillis)
                    .thenApply(state -> state == SessionState.UNKNOWN ? SessionState.ACTIVE : state);
        });
    }

    /** Only the shared queue draws windows for signed tickets: the own queue's places are its own. */
    @Override
    public CompletionStage<Long> drawn(String eventId, long start) {
        return shared.drawn(eventId, start);
    }

    /** Own-queue admissions of {@code eventId} not yet charged to the shared room (for tests). */
    long uncharged(String eventId) {
        return unchargedOf(eventId).get();
    }

    private CompletionStage<RoomReply> orOwn(RoomCall call, String operation,
                                             Function<RoomCall, CompletionStage<RoomReply>> attempt,
                                             Function<RoomCall, CompletionStage<RoomReply>> fallback) {
        AtomicLong owed = unchargedOf(call.eventId());
        long charge = owed.getAndSet(0);
        return attempt.apply(call.charging(charge)).exceptionallyCompose(unavailable -> {
            owed.addAndGet(charge);
            if (GuardedCalls.shed(unavailable)) {
                // Redis answers and this process is overloaded: shed, never answer from the own queue.
                return CompletableFuture.failedFuture(unavailable);
            }
            counter.answeredInProcess(call.eventId(), operation);
            return counted(call.eventId(), fallback.apply(call.share(instances)));
        });
    }

    /** The shared queue alone, charged like any shared call; a charge whose call failed is carried to the next. */
    private CompletionStage<RoomReply> sharedOnly(RoomCall call, Function<RoomCall, CompletionStage<RoomReply>> attempt) {
        AtomicLong owed = unchargedOf(call.eventId());
        long charge = owed.getAndSet(0);
        return attempt.apply(call.charging(charge)).whenComplete((reply, failed) -> {
            if (failed != null) {
                owed.addAndGet(charge);
            }
        });
    }

    /** Notes an admission the own queue made in {@code reply}, to be charged to the shared room. */
    private CompletionStage<RoomReply> counted(String eventId, CompletionStage<RoomReply> reply) {
        return reply.thenApply(answer -> {
            if (answer.ticket().filter(TicketState::firstAdmission).isPresent()) {
                unchargedOf(eventId).incrementAndGet();
            }
            return answer;
        });
    }

    private AtomicLong unchargedOf(String eventId) {
        return uncharged.computeIfAbsent(eventId, id -> new AtomicLong());
    }
}
