package io.stagedoor.admission.waitingroom;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * The room's side of signed tickets ({@link SignedTicket}): a join takes a place from a batch ({@link JoinBatches}),
 * a buyer who asks where they stand is answered from this instance's view of the room ({@link RoomViews}), and only
 * a buyer whose place the frontier has reached makes a store call, to be admitted ({@link RoomStore#claim}). A
 * waiting buyer is kept nowhere but in their ticket. Thread-safe; close it with the room.
 */
final class SignedTickets implements AutoCloseable {

    /**
     * A ticket's standing and the token that carries it.
     *
     * @param reply what the store answered, or (when {@code heard} is false) the room as this instance last heard it
     *              with the ticket as it reads: nothing new happened in the store
     * @param heard whether {@code reply} is a store's answer to this very call
     * @param token the signed ticket the buyer keeps
     */
    record Answer(RoomReply reply, boolean heard, String token) {
    }

    private final RoomStore store;
    private final TicketSigner signer;
    private final JoinBatches batches;
    private final RoomViews views;
    private final DrawCounts draws;
    private final BiConsumer<RoomCall, RoomReply> heardElsewhere;

    /** @param heard told every store reply no answer carries (reserves and snapshots), to observe the room's steps */
    SignedTickets(RoomStore store, TicketSigner signer, Clock clock, RoomTimer timer, RoomOptions options,
                  BiConsumer<RoomCall, RoomReply> heard) {
        this.store = store;
        this.signer = signer;
        this.batches = new JoinBatches(store, clock, timer, options.joinWindow().toMillis(), options.maxJoinsWaiting());
        this.views = new RoomViews(store, clock, timer, options.viewAge().toMillis(), heard);
        this.draws = new DrawCounts(store);
        this.heardElsewhere = heard;
    }

    /** A new ticket at the back of the queue (or, before the opening, among the early joiners), and its standing. */
    CompletionStage<Answer> join(RoomCall call, String buyerId) {
        return batches.reserve(call).thenCompose(reserved -> {
            RoomReply reply = reserved.reply();
            views.remember(call, reply);
            if (reserved.index() == reply.reserved()) {
                // One batch, one reply: observed once, with its first joiner.
                heardElsewhere.accept(call, reply);
            }
            RoomState room = reply.room();
            boolean lobby = !room.opened();
            long estimate = lobby
                    ? Math.max(0, call.opensAtMillis() - call.nowMillis()) + room.rate().timeFor(reserved.index()).toMillis()
                    : room.rate().timeFor(Math.max(0, reserved.index() - (long) room.frontier() + (long) room.owed()))
                    .toMillis();
            // A random room's arrival after the opening is drawn among its window's (the reserve's whole batch is in
            // the window open when the store ran it); the estimate takes the middle of the draw, its arrival.
            long draw = !lobby && call.method() == QueueingMethod.RANDOM ? room.drawStart() : 0;
            TicketSigner.Issued issued = signer.issue(new SignedTicket(call.eventId(), buyerId, reserved.index(),
                    lobby, call.nowMillis(), estimate, room.source(), null, draw));
            return standing(call, issued.ticket(), room, true)
                    .thenApply(answer -> new Answer(answer.reply(), answer.heard(), issued.token()));
        });
    }

    /**
     * Where the buyer's signed ticket stands; empty when it is forged or not theirs for this event. Answered from the
     * view unless its place is reached. Fails when the view comes from another queue than the ticket's place
     * ({@link OtherQueue}): the caller asks the store about it as a stored ticket then.
     */
    CompletionStage<Optional<Answer>> look(RoomCall call, String buyerId, String token) {
        Optional<SignedTicket> read = signer.read(token, call.eventId(), buyerId);
        if (read.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        SignedTicket ticket = read.get();
        return views.current(call).thenCompose(room -> {
            if (room.source() != ticket.source()) {
                return CompletableFuture.failedFuture(new OtherQueue(ticket.id()));
            }
            return standing(call, ticket, room, false)
                    .thenApply(answer -> Optional.of(new Answer(answer.reply(), answer.heard(), token)));
        });
    }

    /** The room as this instance sees it, refreshed when its view is older than the views' age. */
    CompletionStage<RoomState> view(RoomCall call) {
        return views.current(call);
    }

    /** Keeps the room {@code reply} shows as this instance's view of it: any store reply is news of the room. */
    void remember(RoomCall call, RoomReply reply) {
        views.remember(call, reply);
    }

    /** The ticket's id, for a caller that asks the store about it after {@link OtherQueue}. */
    Optional<String> idOf(String token, String eventId, String buyerId) {
        return signer.read(token, eventId, buyerId).map(SignedTicket::id);
    }

    @Override
    public void close() {
        batches.close();
    }

    /** The view's queue is not the one the ticket's place was given by. */
    static final class OtherQueue extends RuntimeException {
        OtherQueue(String ticket) {
            super(ticket, null, false, false);
        }
    }

    private CompletionStage<Answer> standing(RoomCall call, SignedTicket ticket, RoomState room, boolean created) {
        if (room.opened() && ticket.drawing() && room.drawn(ticket.draw()) && ticket.draw() <= room.frontier()) {
            // The frontier has reached the ticket's window, so it is drawn: its place is known once its count is.
            // A window the store does not know (it lost the room) leaves the ticket at its arrival.
            return draws.of(call.eventId(), ticket.draw()).thenCompose(count -> standing(call, ticket, room, created,
                    count > 0 ? ticket.drawnPlace(room.seed(), count) : ticket.index()));
        }
        long place = room.opened() ? ticket.place(room.seed(), room.lobbySize()) : ticket.index();
        return standing(call, ticket, room, created, place);
    }

    /** The standing of a ticket at {@code place}: a claim when the frontier has reached it, else waiting there. */
    private CompletionStage<Answer> standing(RoomCall call, SignedTicket ticket, RoomState room, boolean created,
                                             long place) {
        if (room.opened() && (place <= room.frontier() || call.method() == QueueingMethod.PASSTHROUGH)) {
            return store.claim(call, RoomClaim.of(ticket, place)).thenApply(reply -> {
                views.remember(call, reply);
                return new Answer(created ? joined(reply) : reply, true, null);
            });
        }
        TicketState waiting = new TicketState(ticket.id(), ticket.buyerId(), place, ticket.joinedMillis(),
                ticket.estimateMillis(), 0, false, created, false, false);
        return CompletableFuture.completedFuture(new Answer(new RoomReply(room, Optional.of(waiting)), false, null));
    }

    /** A claim made by the join that created the ticket: the ticket is new, whatever the store's reply says. */
    private static RoomReply joined(RoomReply reply) {
        return reply.withTicket(reply.ticket().map(t -> new TicketState(t.ticket(), t.buyerId(), t.position(),
                t.joinedMillis(), t.estimateMillis(), t.admittedMillis(), t.firstAdmission(), true, t.active(),
                t.awaitingSlot())));
    }
}
