package io.stagedoor.ingress.waitingroom;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.parking.ParkingReasons;
import io.stagedoor.admission.parking.ParkingRules;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.ParkingSettings;
import io.stagedoor.topics.WaitingRoomRecord;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * The parked lane's side of a join, in a room that has one ({@link ParkingSettings}): asks the rules whether the buyer
 * is parked, records every new flag on the waiting-room topic, and carries an operator's parking and releases. A join
 * the rules could not judge (the shared list did not answer in time) is not parked, and counted: a fault of ours never
 * parks a buyer. One this instance was too overloaded to judge fails, to be shed.
 */
final class ParkingGate {

    /** Joins the rules could not judge, let through unparked. */
    static final String UNJUDGED = "stagedoor.ingress.waitingroom.parking.unjudged";

    private final ParkingRules rules;
    private final Consumer<WaitingRoomRecord> flags;
    private final Clock clock;
    private final Counter unjudged;

    /** @param flags where parked and released records go (the waiting-room topic); never blocks */
    ParkingGate(ParkingRules rules, Consumer<WaitingRoomRecord> flags, Clock clock, MeterRegistry registry) {
        this.rules = rules;
        this.flags = flags;
        this.clock = clock;
        this.unjudged = Counter.builder(UNJUDGED).register(registry);
    }

    /** Whether {@code buyerId}, joining {@code event}'s room from {@code address}, goes to the parked lane. */
    CompletionStage<Boolean> parks(EventDefinition event, String address, String buyerId) {
        ParkingSettings settings = event.waitingRoom().parking();
        if (settings == null) {
            return CompletableFuture.completedFuture(false);
        }
        return rules.judge(event.eventId(), address, buyerId, settings.crowdMost(), settings.crowdWindow())
                .handle((verdict, error) -> {
                    if (error != null) {
                        if (GuardedCalls.shed(error)) {
                            throw new CompletionException(error);
                        }
                        unjudged.increment();
                        return false;
                    }
                    if (verdict.flaggedNow()) {
                        flags.accept(WaitingRoomRecord.parking(event.eventId(), WaitingRoomRecord.PARKED, buyerId,
                                verdict.reason(), clock.instant()));
                    }
                    return verdict.parked();
                });
    }

    /** An operator parks {@code buyerId} for {@code why}: whether they were not parked before. */
    CompletionStage<Boolean> park(String eventId, String buyerId, String why) {
        return rules.parkByHand(eventId, buyerId, why).thenApply(added -> {
            if (added) {
                flags.accept(WaitingRoomRecord.parking(eventId, WaitingRoomRecord.PARKED, buyerId,
                        ParkingReasons.byOperator(why), clock.instant()));
            }
            return added;
        });
    }

    /** An operator releases {@code buyerId}: whether they were parked. */
    CompletionStage<Boolean> release(String eventId, String buyerId) {
        return rules.release(eventId, buyerId).thenApply(released -> {
            if (released) {
                flags.accept(WaitingRoomRecord.parking(eventId, WaitingRoomRecord.RELEASED, buyerId, "operator",
                        clock.instant()));
            }
            return released;
        });
    }

    /** Up to {@code most} parked buyers of the event, with why. */
    CompletionStage<Map<String, String>> parked(String eventId, int most) {
        return rules.parked(eventId, most);
    }
}
