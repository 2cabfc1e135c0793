package io.stagedoor.audit.evidence;

import io.stagedoor.topics.AdmissionRecord;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.PresaleRecord;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.WaitingRoomRecord;
import java.util.List;

/**
 * Everything the checks judge, each list in the order its topic holds it (offset order within a partition, so
 * the records of one key are in the order they were written).
 *
 * @param requests    holds and checkouts published in the window
 * @param results     results from a little before the window to a little after it
 * @param seatChanges seat changes from the lead-in before the window to a little after it
 * @param outcomes    payment outcomes, over the same span as the results
 * @param voids       correlation ids of the payments the inventory asked to void, same span
 * @param admissions  admission decisions in the window
 * @param waitingRoom waiting-room steps in the window
 * @param events      every event definition the compacted events topic still holds, up to the end of the read
 *                    (tombstones left out)
 * @param presale     every presale step the presale topic holds up to the end of the read: a lottery is drawn again
 *                    from every registration, however long before the window it was made
 * @param unreadable  records no check could parse
 * @param reading     how much was read and how fast
 */
public record Evidence(List<Located<Request>> requests, List<Located<ResultSummary>> results,
                       List<Located<SeatChange>> seatChanges, List<Located<PaymentOutcome>> outcomes,
                       List<Located<String>> voids, List<Located<AdmissionRecord>> admissions,
                       List<Located<WaitingRoomRecord>> waitingRoom, List<Located<EventDefinition>> events,
                       List<Located<PresaleRecord>> presale, List<Unreadable> unreadable, ReadStats reading) {
}
