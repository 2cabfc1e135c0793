package io.stagedoor.ingress.waitingroom;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.stagedoor.admission.waitingroom.SessionEnd;
import io.stagedoor.admission.waitingroom.WaitingRoom;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends buyers' waiting-room sessions when the pipeline says they are done, so their slots go to the next in line:
 * a confirmed checkout (results topic), or the last of their holds expiring (seat-changes topic, whose records name
 * the hold; the buyer is learnt from the hold's "held" result). Every instance follows both topics and ends the same
 * sessions; ending one is idempotent. Results decided before this instance started are ignored: they are replayed
 * at start, and the instances that were running ended those sessions then.
 *
 * <p>Called on the follower threads: it never blocks (the room call is asynchronous) and its memory is bounded: at
 * most {@value #MAX_HOLDS} holds are remembered, each for {@link #REMEMBERED}, longer than a hold lives.
 */
final class SessionEnds {

    private static final Logger LOG = LoggerFactory.getLogger(SessionEnds.class);
    static final int MAX_HOLDS = 200_000;
    static final Duration REMEMBERED = Duration.ofMinutes(30);

    /** A buyer of an event. */
    private record Owner(String eventId, String buyerId) {
    }

    private final EventCatalog catalog;
    private final LaneCalls lanes;
    private final Instant started;
    private final Cache<String, Owner> holdOwners = cache();
    private final Cache<Owner, Set<String>> liveHolds = cache();
    private final LongAdder failed = new LongAdder();

    SessionEnds(WaitingRoom room, EventCatalog catalog, Clock clock) {
        this.lanes = new LaneCalls(room, new EventRooms(catalog, event -> false));
        this.catalog = catalog;
        this.started = clock.instant();
    }

    private static <K, V> Cache<K, V> cache() {
        return Caffeine.newBuilder().maximumSize(MAX_HOLDS)
                .expireAfterWrite(REMEMBERED.toMillis(), TimeUnit.MILLISECONDS).build();
    }

    /** A result arrived: a hold is remembered with its buyer; a confirmed checkout ends the buyer's session. */
    void resultArrived(Result result) {
        if (result.eventId() == null || result.owner() == null || result.holdId() == null) {
            return;
        }
        Owner owner = new Owner(result.eventId(), result.owner());
        if (result.status() == ResultStatus.HELD) {
            holdOwners.put(result.holdId(), owner);
            liveHolds.asMap().compute(owner, (key, holds) -> {
                Set<String> live = holds == null ? new HashSet<>() : holds;
                live.add(result.holdId());
                return live;
            });
        } else if (result.status() == ResultStatus.CONFIRMED
                && (result.decidedAt() == null || !result.decidedAt().isBefore(started))) {
            end(owner, SessionEnd.CHECKED_OUT);
        }
    }

    /** Seats changed: a hold that expired ends its buyer's session unless they hold something else. */
    void seatChanged(SeatChange change) {
        if (change.status() != SeatStatus.AVAILABLE || change.holdId() == null) {
            return;
        }
        Owner owner = holdOwners.asMap().remove(change.holdId());
        if (owner == null) {
            return;
        }
        boolean[] last = {false};
        liveHolds.asMap().computeIfPresent(owner, (key, holds) -> {
            holds.remove(change.holdId());
            last[0] = holds.isEmpty();
            return holds.isEmpty() ? null : holds;
        });
        if (last[0]) {
            end(owner, SessionEnd.HOLDS_ENDED);
        }
    }

    /** Session ends whose room call failed (counted; the session then ends by its lifetime). */
    long failed() {
        return failed.sum();
    }

    private void end(Owner owner, SessionEnd why) {
        EventDefinition event = catalog.find(owner.eventId()).orElse(null);
        if (event == null || !event.waitingRoom().enabled()) {
            return;
        }
        lanes.end(event, owner.buyerId(), why).exceptionally(error -> {
            failed.increment();
            LOG.debug("could not end the room session of {} in {}: {}", owner.buyerId(), owner.eventId(), error.toString());
            return false;
        });
    }
}
