package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.waitingroom.QueueTicket;
import io.stagedoor.admission.waitingroom.SessionEnd;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.topics.EventDefinition;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The room calls that do not know a buyer's lane (decision 0039): a poll asks the room its ticket names, or each
 * lane's in turn; ending a buyer's session ends it in whichever lane's room it is on. A room without lanes is one
 * call, as before.
 */
final class LaneCalls {

    private final WaitingRoom room;
    private final EventRooms events;

    LaneCalls(WaitingRoom room, EventRooms events) {
        this.room = room;
        this.events = events;
    }

    /**
     * The room a buyer's join goes to: the lane room their genuine signed ticket names, so a buyer who comes back
     * keeps their lane and place; else the first lane whose rule they meet.
     */
    String roomToJoin(EventDefinition event, String buyerId, String held, boolean withPresaleCode) {
        if (held != null && event.waitingRoom().lanes() != null) {
            Optional<String> named = EventRooms.roomOfTicket(event, held);
            if (named.isPresent() && room.signedTicketOf(named.get(), buyerId, held)) {
                return named.get();
            }
        }
        return EventRooms.roomFor(event, buyerId, withPresaleCode);
    }

    /** Where {@code ticket} stands, in the lane room that holds it; empty when none does. */
    CompletionStage<Optional<QueueTicket>> look(EventDefinition event, String buyerId, String ticket) {
        List<String> rooms = EventRooms.roomOfTicket(event, ticket).map(List::of).orElseGet(() ->
                EventRooms.lanes(event).stream().map(EventRooms.Lane::room).toList());
        return lookFrom(event, rooms, 0, buyerId, ticket);
    }

    private CompletionStage<Optional<QueueTicket>> lookFrom(EventDefinition event, List<String> rooms, int next,
                                                            String buyerId, String ticket) {
        if (next == rooms.size()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        String key = rooms.get(next);
        return room.look(key, events.plan(event, key), buyerId, ticket).thenCompose(found -> found.isPresent()
                ? CompletableFuture.completedFuture(found) : lookFrom(event, rooms, next + 1, buyerId, ticket));
    }

    /** Ends {@code buyerId}'s session in whichever lane's room it is on: whether one was on. */
    CompletionStage<Boolean> end(EventDefinition event, String buyerId, SessionEnd why) {
        return endFrom(event, EventRooms.lanes(event), 0, buyerId, why);
    }

    private CompletionStage<Boolean> endFrom(EventDefinition event, List<EventRooms.Lane> lanes, int next,
                                             String buyerId, SessionEnd why) {
        if (next == lanes.size()) {
            return CompletableFuture.completedFuture(false);
        }
        String key = lanes.get(next).room();
        return room.end(key, EventRooms.configured(event, key), buyerId, why).thenCompose(ended -> ended
                ? CompletableFuture.completedFuture(true) : endFrom(event, lanes, next + 1, buyerId, why));
    }
}
