package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import java.util.List;

/** One promise of the pipeline, judged over the evidence of a window. Implementations are stateless. */
public interface Check {

    /** The check's stable name, used in reports and exit messages. */
    String name();

    /** Judges the evidence, keeping at most {@code keep} offenses (but counting all). */
    CheckResult run(Evidence evidence, AuditWindow window, int keep);

    /** Every check, in the order reports list them. */
    static List<Check> all() {
        return List.of(new ReadableRecords(), new OneResultPerRequest(), new SeatsNeverDoubled(),
                new BuyerSeatsWithinCap(), new PaymentsMatchSales(), new LimitHeld(LimitHeld.BUYER_SEATS,
                        "no buyer was admitted more holds than the buyer-seats policy allows over any window"),
                new LimitHeld(LimitHeld.ORGANIZER_HOLDS, "no organizer's holds exceeded its aggregate policy"),
                new WaitingRoomOrder(), new WaitingRoomActiveCap(), new WaitingRoomRateSteps(),
                new FallbackPeriods());
    }
}
