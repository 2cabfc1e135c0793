package io.stagedoor.admission.waitingroom;

import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The shared queue, and this instance's own while Redis is unreachable. An instance that cannot reach Redis admits
 * its share of the rate ({@code rate / instanceCount}) from a queue of its own, so all instances together still
 * admit no more than the rate; every operation so answered is counted. Tickets of the own queue carry
 * {@link #LOCAL_PREFIX} and are answered here even after Redis returns; a buyer whose shared ticket cannot be
 * looked up during an outage is given a place in the own queue (the answer carries the new ticket).
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

    ShareFallback(RoomStore shared, InProcessRoomStore own, int instances, Counter counter) {
        this.shared = shared;
        this.own = own;
        this.instances = instances;
        this.counter = counter;
    }

    @Override
    public CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket) {
        return orOwn(call, "join", shared.join(call, buyerId, newTicket),
                share -> own.join(share, buyerId, LOCAL_PREFIX + newTicket));
    }

    @Override
    public CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket) {
        if (ticket.startsWith(LOCAL_PREFIX)) {
            return own.look(call.share(instances), buyerId, ticket);
        }
        return orOwn(call, "look", shared.look(call, buyerId, ticket),
                share -> own.join(share, buyerId, LOCAL_PREFIX + ticket));
    }

    @Override
    public CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused) {
        // The own queue follows every change, so an outage later admits at the share of the rate in force.
        CompletionStage<RoomReply> mine = own.control(call.share(instances), rate == null ? null : rate.share(instances), paused);
        return orOwn(call, "control", shared.control(call, rate, paused), share -> mine);
    }

    @Override
    public CompletionStage<RoomReply> snapshot(RoomCall call) {
        return orOwn(call, "snapshot", shared.snapshot(call), own::snapshot);
    }

    private CompletionStage<RoomReply> orOwn(RoomCall call, String operation, CompletionStage<RoomReply> attempt,
                                             Function<RoomCall, CompletionStage<RoomReply>> fallback) {
        return attempt.exceptionallyCompose(unavailable -> {
            counter.answeredInProcess(call.eventId(), operation);
            return fallback.apply(call.share(instances));
        });
    }
}
