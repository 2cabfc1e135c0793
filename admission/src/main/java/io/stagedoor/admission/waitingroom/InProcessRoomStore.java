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
 * their number is bounded by the events operators define, each room's maps by the buyers who joined it with stored
 * tickets, and its drawn windows by the sale's length over the draw window.
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
    public CompletionStage<RoomReply> reserve(RoomCall call, long places) {
        return answer(call, room -> {
            room.reserve(call, places);
            return Optional.empty();
        });
    }

    @Override
    public CompletionStage<RoomReply> claim(RoomCall call, RoomClaim claim) {
        return answer(call, room -> room.claim(call, claim));
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

    @Override
    public CompletionStage<RoomReply> end(RoomCall call, String buyerId) {
        return answer(call, buyerId, room -> Optional.empty());
    }

    @Override
    public CompletionStage<SessionState> session(String eventId, String buyerId, String ticket, long nowMillis) {
        Room room = rooms.get(eventId);
        if (room == null) {
            return CompletableFuture.completedFuture(SessionState.UNKNOWN);
        }
        synchronized (room) {
            return CompletableFuture.completedFuture(room.session(buyerId, ticket, nowMillis));
        }
    }

    @Override
    public CompletionStage<Long> drawn(String eventId, long start) {
        Room room = rooms.get(eventId);
        if (room == null) {
            return CompletableFuture.completedFuture(0L);
        }
        synchronized (room) {
            return CompletableFuture.completedFuture(room.windows.getOrDefault(start, 0L));
        }
    }

    private CompletionStage<RoomReply> answer(RoomCall call, java.util.function.Function<Room, Optional<TicketState>> op) {
        return answer(call, null, op);
    }

    /** @param ending the buyer whose session this operation ends, else null */
    private CompletionStage<RoomReply> answer(RoomCall call, String ending,
                                              java.util.function.Function<Room, Optional<TicketState>> op) {
        Room room = rooms.computeIfAbsent(call.eventId(), id -> new Room(call));
        synchronized (room) {
            boolean openedNow = room.advance(call, ending);
            Optional<TicketState> ticket = op.apply(room);
            RoomState state = room.state(openedNow, call.active(), call.nowMillis());
            return CompletableFuture.completedFuture(new RoomReply(state, ticket, room.endedNow, room.placesFreed,
                    room.reserved, room.drewStart, room.drewCount));
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
        /** Each lobby member's place in it: their draw, or for a buyer back after their session, behind every draw. */
        private final Map<String, ShuffleOrder.Place> draws = new HashMap<>();
        private Map<String, Long> lobbyPositions = Map.of();
        /** Active buyers and when their sessions end. */
        private final Map<String, Long> active = new HashMap<>();
        private ActiveCap cap = ActiveCap.NONE;
        private QueueingMethod method = QueueingMethod.FIFO;
        /** Random rooms: buyers drawn from the lottery so far (the lobby holds those still in it). */
        private long drawn;
        private long sessionMillis;
        /** Signed tickets given out before the opening: counted, never listed. */
        private long signedLobby;
        /** The first index the current operation reserved, else 0. */
        private long reserved;
        private boolean endedNow;
        private long placesFreed;
        /** Random rooms with signed tickets: the open window's first place (0: none yet) and when it opened. */
        private long windowStart;
        private long windowOpened;
        /** Drawn windows: first place → count. One entry per window of arrivals, none per buyer. */
        private final Map<Long, Long> windows = new HashMap<>();
        /** The window the current operation drew, else 0 and 0. */
        private long drewStart;
        private long drewCount;

        Room(RoomCall creator) {
            this.seed = creator.seed();
            this.rate = creator.initialRate();
        }

        boolean advance(RoomCall call, String ending) {
            long now = call.nowMillis();
            cap = call.active();
            method = call.method();
            sessionMillis = call.sessionMillis();
            owed += call.charge();
            boolean openedNow = false;
            reserved = 0;
            if (!opened && now >= call.opensAtMillis()) {
                opened = true;
                openedNow = true;
                lobbySize = lobby.size() + signedLobby;
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
            int before = active.size();
            active.values().removeIf(ends -> ends <= now);
            endedNow = ending != null && active.remove(ending) != null;
            int ended = before - active.size();
            closeWindow(call);
            // The frontier never passes into a window not drawn yet.
            long reach = windowStart > 0 ? Math.min(seq, windowStart - 1) : seq;
            if (opened && now > last) {
                if (!paused && (!cap.capped() || before < cap.limit())) {
                    double grown = rate.perSecond() * (now - last) / 1000;
                    double repaid = Math.min(owed, grown);
                    owed -= repaid;
                    frontier = Math.min(reach, frontier + grown - repaid);
                }
                last = now;
            }
            placesFreed = 0;
            if (opened && !paused && cap.capped() && before >= cap.limit() && ended > 0) {
                placesFreed = Math.max(0, cap.limit() - active.size());
                frontier = Math.min(reach, frontier + placesFreed);
            }
            return openedNow;
        }

        /** A window whose time is up closes: its count is kept under its first place, and the next one opens. */
        private void closeWindow(RoomCall call) {
            drewStart = 0;
            drewCount = 0;
            if (method == QueueingMethod.RANDOM && call.drawMillis() > 0 && opened && windowStart > 0
                    && call.nowMillis() >= windowOpened + call.drawMillis()) {
                if (seq >= windowStart) {
                    drewStart = windowStart;
                    drewCount = seq - windowStart + 1;
                    windows.put(drewStart, drewCount);
                }
                windowStart = seq + 1;
                windowOpened = call.nowMillis();
            }
        }

        SessionState session(String buyerId, String ticket, long now) {
            Ticket held = tickets.get(ticket);
            if (held == null || !held.buyerId().equals(buyerId) || held.admittedMillis() == 0) {
                return SessionState.UNKNOWN;
            }
            // A ticket the buyer has since replaced by queueing again ended with its session.
            return ticket.equals(buyers.get(buyerId)) && live(buyerId, now) ? SessionState.ACTIVE : SessionState.ENDED;
        }

        private boolean live(String buyerId, long now) {
            Long ends = active.get(buyerId);
            return ends != null && ends > now;
        }

        Optional<TicketState> join(RoomCall call, String buyerId, String newTicket) {
            String existing = buyers.get(buyerId);
            // A buyer whose session ended may queue again, at the back: one ticket and one slot at a time.
            if (existing != null && (tickets.get(existing).admittedMillis() == 0 || live(buyerId, call.nowMillis()))) {
                return standing(call, existing, buyerId, false);
            }
            boolean returning = existing != null;
            long now = call.nowMillis();
            long position = 0;
            long estimate;
            if (opened && method != QueueingMethod.RANDOM) {
                position = ++seq;
                estimate = (long) Math.ceil(Math.max(0, position - frontier + owed) * 1000 / rate.perSecond());
            } else {
                // Before the opening, and in a random room always: a place drawn from the recorded seed.
                ShuffleOrder.Place draw = ShuffleOrder.Place.of(seed, buyerId);
                if (returning && !lobby.isEmpty() && lobby.last().score() >= draw.score()) {
                    // Back after their session ended: the draw is fixed per buyer, so it would put them back ahead
                    // of those still waiting; they go behind every draw still in the lottery instead.
                    draw = new ShuffleOrder.Place(lobby.last().score() + 1, buyerId);
                }
                lobby.add(draw);
                draws.put(buyerId, draw);
                if (opened) {
                    seq++;
                    estimate = (long) Math.ceil(Math.max(0, drawnPlace(buyerId) - frontier + owed) * 1000
                            / rate.perSecond());
                } else {
                    estimate = (call.opensAtMillis() - now) + (long) Math.ceil(lobby.size() * 1000 / rate.perSecond());
                }
            }
            buyers.put(buyerId, newTicket);
            tickets.put(newTicket, new Ticket(buyerId, position, now, estimate, 0));
            return standing(call, newTicket, buyerId, true);
        }

        void reserve(RoomCall call, long places) {
            if (opened) {
                // The first reserve of a random room after its opening opens its first window.
                if (method == QueueingMethod.RANDOM && call.drawMillis() > 0 && windowStart == 0) {
                    windowStart = seq + 1;
                    windowOpened = call.nowMillis();
                }
                reserved = seq + 1;
                seq += places;
            } else {
                reserved = signedLobby + 1;
                signedLobby += places;
            }
        }

        Optional<TicketState> claim(RoomCall call, RoomClaim claim) {
            if (tickets.containsKey(claim.ticket())) {
                return standing(call, claim.ticket(), claim.buyerId(), false);
            }
            String existing = buyers.get(claim.buyerId());
            if (existing != null) {
                long admittedAt = tickets.get(existing).admittedMillis();
                // One slot at a time; a stored ticket still waiting stands; a ticket joined before the buyer's last
                // admission was spent by it.
                if (admittedAt == 0 || live(claim.buyerId(), call.nowMillis()) || claim.joinedMillis() <= admittedAt) {
                    return standing(call, existing, claim.buyerId(), false);
                }
            }
            // Kept only if admitted: a claim that waits leaves nothing behind.
            tickets.put(claim.ticket(), new Ticket(claim.buyerId(), claim.place(), claim.joinedMillis(),
                    claim.estimateMillis(), 0));
            Optional<TicketState> standing = standing(call, claim.ticket(), claim.buyerId(), false);
            if (standing.filter(TicketState::admitted).isPresent()) {
                buyers.put(claim.buyerId(), claim.ticket());
            } else {
                tickets.remove(claim.ticket());
            }
            return standing;
        }

        Optional<TicketState> look(RoomCall call, String buyerId, String ticket) {
            return standing(call, ticket, buyerId, false);
        }

        private Optional<TicketState> standing(RoomCall call, String id, String buyerId, boolean created) {
            Ticket ticket = tickets.get(id);
            if (ticket == null || !ticket.buyerId().equals(buyerId)) {
                return Optional.empty();
            }
            boolean drawing = method == QueueingMethod.RANDOM && ticket.position() == 0 && ticket.admittedMillis() == 0;
            long place = ticket.position() > 0 ? ticket.position()
                    : drawing ? drawnPlace(buyerId)
                    : opened ? lobbyPositions.get(buyerId) : lobby.headSet(draws.get(buyerId)).size() + 1;
            boolean first = false;
            boolean awaiting = false;
            long now = call.nowMillis();
            if (ticket.admittedMillis() == 0 && opened && (place <= frontier || method == QueueingMethod.PASSTHROUGH)) {
                if (!cap.capped() || active.size() < cap.limit()) {
                    long kept = ticket.position();
                    if (drawing) {
                        // Drawn: out of the lottery, at the place it drew.
                        lobby.remove(draws.remove(buyerId));
                        drawn++;
                        kept = place;
                    }
                    ticket = new Ticket(buyerId, kept, ticket.joinedMillis(), ticket.estimateMillis(), now);
                    tickets.put(id, ticket);
                    first = true;
                    admitted++;
                    actual += now - ticket.joinedMillis();
                    estimated += ticket.estimateMillis();
                    active.put(buyerId, now + sessionMillis);
                } else {
                    awaiting = true;
                }
            }
            boolean on = ticket.admittedMillis() > 0 && live(buyerId, now);
            return Optional.of(new TicketState(id, buyerId, place, ticket.joinedMillis(), ticket.estimateMillis(),
                    ticket.admittedMillis(), first, created, on, awaiting));
        }

        /** A random room's waiting buyer: the number drawn so far, plus their rank among those still in the lottery. */
        private long drawnPlace(String buyerId) {
            return drawn + lobby.headSet(draws.get(buyerId)).size() + 1;
        }

        RoomState state(boolean openedNow, ActiveCap told, long now) {
            if (opened && method == QueueingMethod.PASSTHROUGH) {
                // A passthrough room admits everyone who has joined.
                frontier = seq;
            }
            return new RoomState(rate, paused, opened, openedNow, seed, lobbySize, seq, frontier, admitted, actual,
                    estimated, owed, RoomSource.IN_PROCESS, active.size(), told, Math.max(last, now), windowStart);
        }
    }
}
