package io.stagedoor.admission.waitingroom;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Rooms in this process: the same arithmetic as {@link RoomScript}, one lock per event. Used alone in single-instance
 * mode, and as each instance's share of the rate while Redis is unreachable. Rooms are kept until the process ends;
 * their number is bounded by the events operators define.
 */
public final class InProcessRoomStore implements RoomStore {

    private final ConcurrentHashMap<String, Room> rooms = new ConcurrentHashMap<>();

    @Override
    public CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket) {
        return answer(call, room -> room.join(call, buyerId, newTicket));
    }

    @Override
    public CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket) {
        return answer(call, room -> room.look(call, buyerId, ticket));
    }

    @Override
    public CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused) {
        return answer(call, room -> {
            if (rate != null) {
                room.rate = rate;
            }
            if (paused != null) {
                room.paused = paused;
            }
            return Optional.empty();
        });
    }

    @Override
    public CompletionStage<RoomReply> snapshot(RoomCall call) {
        return answer(call, room -> Optional.empty());
    }

    private CompletionStage<RoomReply> answer(RoomCall call, java.util.function.Function<Room, Optional<TicketState>> op) {
        Room room = rooms.computeIfAbsent(call.eventId(), id -> new Room(call));
        synchronized (room) {
            boolean openedNow = room.advance(call);
            Optional<TicketState> ticket = op.apply(room);
            return CompletableFuture.completedFuture(new RoomReply(room.state(openedNow), ticket));
        }
    }

    /** One event's room; guarded by its own monitor. */
    private static final class Room {
        private record Ticket(String buyerId, long position, long joinedMillis, long estimateMillis, long admittedMillis) {
        }

        private final long seed;
        private EntryRate rate;
        private boolean paused;
        private boolean opened;
        private long lobbySize;
        private long seq;
        private double frontier;
        private long last;
        private long admitted;
        private long actual;
        private long estimated;
        private double owed;
        private final Map<String, String> buyers = new HashMap<>();
        private final Map<String, Ticket> tickets = new HashMap<>();
        private final TreeSet<ShuffleOrder.Place> lobby = new TreeSet<>();
        private Map<String, Long> lobbyPositions = Map.of();

        Room(RoomCall creator) {
            this.seed = creator.seed();
            this.rate = creator.initialRate();
        }

        boolean advance(RoomCall call) {
            long now = call.nowMillis();
            owed += call.charge();
            boolean openedNow = false;
            if (!opened && now >= call.opensAtMillis()) {
                opened = true;
                openedNow = true;
                lobbySize = lobby.size();
                Map<String, Long> positions = new HashMap<>();
                long place = 0;
                for (ShuffleOrder.Place buyer : lobby) {
                    positions.put(buyer.buyerId(), ++place);
                }
                lobbyPositions = positions;
                seq = lobbySize;
                frontier = 0;
                last = call.opensAtMillis();
            }
            if (opened && now > last) {
                if (!paused) {
                    double grown = rate.perSecond() * (now - last) / 1000;
                    double repaid = Math.min(owed, grown);
                    owed -= repaid;
                    frontier = Math.min(seq, frontier + grown - repaid);
                }
                last = now;
            }
            return openedNow;
        }

        Optional<TicketState> join(RoomCall call, String buyerId, String newTicket) {
            String existing = buyers.get(buyerId);
            if (existing != null) {
                return standing(call, existing, buyerId, false);
            }
            long now = call.nowMillis();
            long position = 0;
            long estimate;
            if (opened) {
                position = ++seq;
                estimate = (long) Math.ceil(Math.max(0, position - frontier + owed) * 1000 / rate.perSecond());
            } else {
                lobby.add(ShuffleOrder.Place.of(seed, buyerId));
                estimate = (call.opensAtMillis() - now) + (long) Math.ceil(lobby.size() * 1000 / rate.perSecond());
            }
            buyers.put(buyerId, newTicket);
            tickets.put(newTicket, new Ticket(buyerId, position, now, estimate, 0));
            return standing(call, newTicket, buyerId, true);
        }

        Optional<TicketState> look(RoomCall call, String buyerId, String ticket) {
            return standing(call, ticket, buyerId, false);
        }

        private Optional<TicketState> standing(RoomCall call, String id, String buyerId, boolean created) {
            Ticket ticket = tickets.get(id);
            if (ticket == null || !ticket.buyerId().equals(buyerId)) {
                return Optional.empty();
            }
            long place = ticket.position() > 0 ? ticket.position()
                    : opened ? lobbyPositions.get(buyerId) : lobby.headSet(ShuffleOrder.Place.of(seed, buyerId)).size() + 1;
            boolean first = false;
            if (ticket.admittedMillis() == 0 && opened && place <= frontier) {
                long now = call.nowMillis();
                ticket = new Ticket(buyerId, ticket.position(), ticket.joinedMillis(), ticket.estimateMillis(), now);
                tickets.put(id, ticket);
                first = true;
                admitted++;
                actual += now - ticket.joinedMillis();
                estimated += ticket.estimateMillis();
            }
            return Optional.of(new TicketState(id, buyerId, place, ticket.joinedMillis(), ticket.estimateMillis(),
                    ticket.admittedMillis(), first, created));
        }

        RoomState state(boolean openedNow) {
            return new RoomState(rate, paused, opened, openedNow, seed, lobbySize, seq, frontier, admitted, actual,
                    estimated, owed, RoomSource.IN_PROCESS);
        }
    }
}
