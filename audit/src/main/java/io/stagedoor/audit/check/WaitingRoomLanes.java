package io.stagedoor.audit.check;

import io.stagedoor.admission.lanes.LaneRooms;
import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.LaneSettings;
import io.stagedoor.topics.WaitingRoomRecord;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * No lane got more of the entry rate than its share, or than its share lent by lanes with nobody waiting (decision
 * 0039). For an event defined with lanes, every rate a lane's room recorded (at its opening and at each change, 0 for
 * a pause aside) must be one the rule can give: the event's rate times the lane's share over the shares of every lane
 * (nobody waiting anywhere) or over its own and those of any set of the other lanes (the ones with buyers). Each lane
 * room is held to the rates it recorded by {@code waiting-room-order}.
 */
final class WaitingRoomLanes implements Check {

    static final String NAME = "waiting-room-lanes";
    private static final double TOLERANCE = 1e-6;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Map<String, EventDefinition> laned = new HashMap<>();
        for (Located<EventDefinition> event : evidence.events()) {
            if (event.value().waitingRoom().lanes() != null) {
                laned.put(event.value().eventId(), event.value());
            }
        }
        Offenses offenses = new Offenses(keep);
        long judged = 0;
        for (Located<WaitingRoomRecord> located : evidence.waitingRoom()) {
            WaitingRoomRecord record = located.value();
            boolean rated = WaitingRoomRecord.RATE_CHANGED.equals(record.kind())
                    || WaitingRoomRecord.SHUFFLED.equals(record.kind());
            int mark = record.eventId().indexOf(LaneRooms.MARK);
            EventDefinition event = laned.get(mark < 0 ? record.eventId() : record.eventId().substring(0, mark));
            if (!rated || event == null || record.rate() == 0) {
                continue;
            }
            judged++;
            String lane = mark < 0 ? null : record.eventId().substring(mark + 1);
            List<Double> allowed = allowedRates(event, lane);
            if (allowed.stream().noneMatch(rate -> Math.abs(rate - record.rate()) <= TOLERANCE * Math.max(1, rate))) {
                offenses.add(Offense.at(located.ref(), record.eventId() + "#" + record.kind(),
                        AuditMessages.laneRateOffShare(record.eventId(), record.rate(), allowed)));
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("eventsWithLanes", laned.size());
        details.put("ratesJudged", judged);
        return CheckResult.judged(NAME, "no lane got more of the entry rate than its share, or its share lent",
                judged, offenses, details);
    }

    /** The rates the rule can give {@code lane} (null: the lane for everyone else), lowest first. */
    private static List<Double> allowedRates(EventDefinition event, String lane) {
        List<LaneSettings> lanes = event.waitingRoom().lanes();
        double total = event.waitingRoom().entryRatePerSecond();
        double all = lanes.stream().mapToDouble(LaneSettings::share).sum();
        LaneSettings own = lanes.stream().filter(each -> lane == null ? each.takesEveryoneElse()
                : each.name().equals(lane) && !each.takesEveryoneElse()).findFirst().orElse(null);
        List<Double> allowed = new ArrayList<>();
        if (own == null) {
            return allowed;
        }
        allowed.add(total * own.share() / all);
        List<LaneSettings> others = lanes.stream().filter(each -> each != own).toList();
        for (int subset = 0; subset < 1 << others.size(); subset++) {
            double busy = own.share();
            for (int i = 0; i < others.size(); i++) {
                busy += (subset & 1 << i) != 0 ? others.get(i).share() : 0;
            }
            allowed.add(total * own.share() / busy);
        }
        allowed.sort(Double::compare);
        return allowed;
    }
}
