package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import java.util.ArrayList;
import java.util.List;

/** One promise of the pipeline, judged over the evidence of a window. Implementations are stateless. */
public interface Check {

    /** The check's stable name, used in reports and exit messages. */
    String name();

    /** Judges the evidence, keeping at most {@code keep} offenses (but counting all). */
    CheckResult run(Evidence evidence, AuditWindow window, int keep);

    /**
     * Every check, in the order reports list them: among them one {@code <limit>-within-policy} per limit the
     * evidence recorded decisions of ({@link LimitHeld#replayed}), whatever the configuration of the night declared.
     */
    static List<Check> all(Evidence evidence) {
        List<Check> checks = new ArrayList<>(List.of(new ReadableRecords(), new OneResultPerRequest(),
                new SeatsNeverDoubled(), new BuyerSeatsWithinCap(), new PaymentsMatchSales()));
        checks.addAll(LimitHeld.replayed(evidence));
        checks.addAll(List.of(new WaitingRoomOrder(), new WaitingRoomActiveCap(), new WaitingRoomRateSteps(),
                new WaitingRoomLanes(), new WaitingRoomParked(), new PresaleLotteryDrawn(), new PresaleCodesUsed(), new FallbackPeriods()));
        return checks;
    }
}
