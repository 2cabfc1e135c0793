package io.stagedoor.audit.check;

import io.stagedoor.admission.entryloop.Headroom;
import io.stagedoor.admission.entryloop.RateLaw;
import io.stagedoor.admission.entryloop.RateMove;
import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.EntryLoopSettings;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.EntryLoopStep;
import io.stagedoor.topics.WaitingRoomRecord;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every move of a closed-loop room's rate was the loop's rule applied to the inputs it recorded. For each
 * {@code rate-step} the check replays {@link RateLaw} from the step's rate before and headroom, and holds the result
 * to the rate and reason recorded; the bounds recorded must be the event's own (from its definition, when the window
 * has it); and the room must have set the rate the step names (its "rate-changed" step just before), so a step
 * that never took effect is an offense. The rate before is held to the rate the room had set before, when the
 * window shows it; a "shuffled" step (the opening, or a room that lost its state with Redis and opened again at its
 * configured rate) starts that history again.
 */
final class WaitingRoomRateSteps implements Check {

    static final String NAME = "waiting-room-rate-steps";
    private static final double TOLERANCE = 1e-9;

    private final RateLaw law = RateLaw.defaults();

    /** One event's rates as its "rate-changed" steps set them: the latest and the one before it (NaN: unseen). */
    private static final class Rates {
        private double latest = Double.NaN;
        private double before = Double.NaN;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Map<String, EntryLoopSettings> loops = new HashMap<>();
        for (Located<EventDefinition> event : evidence.events()) {
            EntryLoopSettings loop = event.value().waitingRoom().entryLoop();
            if (loop != null) {
                loops.put(event.value().eventId(), loop);
            }
        }
        Map<String, Rates> rooms = new HashMap<>();
        Map<String, Long> byReason = new LinkedHashMap<>();
        Offenses offenses = new Offenses(keep);
        long replayed = 0;
        for (Located<WaitingRoomRecord> located : evidence.waitingRoom()) {
            WaitingRoomRecord record = located.value();
            Rates rates = rooms.computeIfAbsent(record.eventId(), id -> new Rates());
            if (WaitingRoomRecord.SHUFFLED.equals(record.kind())) {
                // An opening, or a room that lost its state with Redis and opened again at its configured rate.
                rates.before = Double.NaN;
                rates.latest = record.rate() > 0 ? record.rate() : Double.NaN;
                continue;
            }
            if (WaitingRoomRecord.RATE_CHANGED.equals(record.kind())) {
                rates.before = rates.latest;
                rates.latest = record.rate();
                continue;
            }
            if (!WaitingRoomRecord.RATE_STEP.equals(record.kind())) {
                continue;
            }
            replayed++;
            EntryLoopStep step = record.loop();
            String subject = record.eventId() + "@" + record.at();
            if (step == null) {
                offenses.add(Offense.at(located.ref(), subject, AuditMessages.rateStepWithoutInputs(record.eventId())));
                continue;
            }
            byReason.merge(step.reason(), 1L, Long::sum);
            EntryLoopSettings configured = loops.get(record.eventId());
            if (configured != null && (configured.floor() != step.floor() || configured.ceiling() != step.ceiling())) {
                offenses.add(Offense.at(located.ref(), subject, AuditMessages.rateStepBounds(record.eventId(),
                        step.floor(), step.ceiling(), configured.floor(), configured.ceiling())));
            }
            RateMove replay = law.next(step.previousRate(), step.floor(), step.ceiling(), new Headroom(
                    step.permitsInUse(), step.permitsLimit(), step.consumerLag(), step.resultP99Millis(),
                    step.schedulingLagMillis(), step.instances()));
            if (Math.abs(replay.rate() - record.rate()) > TOLERANCE || !replay.reason().equals(step.reason())) {
                offenses.add(Offense.at(located.ref(), subject, AuditMessages.rateStepNotReplayed(record.eventId(),
                        step.previousRate(), record.rate(), step.reason(), replay.rate(), replay.reason())));
            } else if (!Double.isNaN(rates.latest) && Math.abs(rates.latest - record.rate()) > TOLERANCE) {
                offenses.add(Offense.at(located.ref(), subject, AuditMessages.rateStepNotTaken(record.eventId(),
                        record.rate(), rates.latest)));
            } else if (!Double.isNaN(rates.before) && rates.before > 0
                    && Math.abs(rates.before - step.previousRate()) > TOLERANCE) {
                offenses.add(Offense.at(located.ref(), subject, AuditMessages.rateStepFromElsewhere(record.eventId(),
                        step.previousRate(), rates.before)));
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("steps", replayed);
        details.put("byReason", byReason);
        return CheckResult.judged(NAME, "every closed-loop rate step follows from the inputs it recorded", replayed,
                offenses, details);
    }
}
