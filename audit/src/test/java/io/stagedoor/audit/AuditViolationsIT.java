package io.stagedoor.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.admission.presale.PresaleLottery;
import io.stagedoor.admission.waitingroom.ShuffleOrder;
import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.check.CheckStatus;
import io.stagedoor.audit.check.Offense;
import io.stagedoor.audit.report.AuditReport;
import io.stagedoor.audit.report.Timeline;
import io.stagedoor.topics.AdmissionRecord;
import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.PaymentKeys;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.EntryLoopStep;
import io.stagedoor.topics.PresaleRecord;
import io.stagedoor.topics.WaitingRoomRecord;
import io.stagedoor.topics.WaitingRoomSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each check against a real broker: an honest history passes every check, and the same history with one injected
 * violation fails exactly the check that guards against it, naming the record. Every test writes to its own
 * namespace, with record timestamps a few minutes in the past, so the window is fixed and nothing is in flight.
 */
class AuditViolationsIT {

    private AuditTopics topics;
    private OnSaleHistory history;
    private Instant from;
    private Instant to;

    @BeforeEach
    void layDownAnHonestHistory() {
        topics = AuditTopics.create("audit");
        from = Instant.now().minus(Duration.ofMinutes(3)).truncatedTo(ChronoUnit.SECONDS);
        to = from.plus(Duration.ofMinutes(2));
        history = new OnSaleHistory(topics, from).honest();
    }

    @AfterEach
    void close() {
        topics.close();
    }

    @Test
    void anHonestHistoryPassesEveryCheck() {
        AuditReport report = audit();

        assertThat(report.passed()).isTrue();
        assertThat(report.checks()).allSatisfy(check -> assertThat(check.status()).isEqualTo(CheckStatus.PASSED));
        assertThat(report.check("one-result-per-request").details()).containsEntry("requests", 6)
                .containsEntry("answered", 6L);
        assertThat(report.check("payments-match-sales").details()).containsEntry("holdsSold", 2L);
        assertThat(report.reading().records()).isPositive();
    }

    @Test
    void aHoldWrittenStraightToTheTopicWithNoResultFailsOneResultPerRequest() {
        HoldRequested orphan = history.holdRequest("buyer-9", List.of("F-1"));

        assertOnlyFailure(audit(), "one-result-per-request", orphan.correlationId(),
                AuditMessages.missingResult("hold", orphan.correlationId()));
    }

    @Test
    void aDuplicatedResultFailsOneResultPerRequest() {
        OnSaleHistory.Sale sale = history.holdAndResult("buyer-9", List.of("F-1"));
        history.result(Result.held(sale.request(), sale.holdId(), history.next().plusSeconds(600), history.next()));

        CheckResult check = assertOnlyFailure(audit(), "one-result-per-request", sale.request().correlationId(),
                null);
        assertThat(check.offenses().get(0).what()).startsWith(sale.request().correlationId() + " has 2 results: ");
    }

    @Test
    void aResultAnsweringNoRequestInsideTheWindowFailsButOneAtTheEdgeIsForgiven() {
        HoldRequested unpublished = new HoldRequested("never-published", OnSaleHistory.EVENT, "buyer-9",
                List.of("F-1"), history.next());
        history.result(Result.rejected(unpublished, Reasons.SEAT_UNAVAILABLE, history.next()));
        HoldRequested beforeTheWindow = new HoldRequested("published-before", OnSaleHistory.EVENT, "buyer-9",
                List.of("F-2"), from.minusSeconds(1));
        history.result(Result.rejected(beforeTheWindow, Reasons.SEAT_UNAVAILABLE, from.plusSeconds(1)));

        CheckResult check = assertOnlyFailure(audit(), "one-result-per-request", "never-published",
                AuditMessages.resultWithoutRequest("never-published"));
        assertThat(check.details()).containsEntry("resultsForgivenAtEdges", 1L);
    }

    @Test
    void aSeatHeldByTwoLiveHoldsFailsSeatsNeverDoubled() {
        history.seatChange(List.of("C-1"), SeatStatus.HELD, "hold_intruder", "held", history.next());

        CheckResult check = assertOnlyFailure(audit(), "seats-never-doubled", OnSaleHistory.EVENT + "/C-1", null);
        assertThat(check.offenses().get(0).what()).contains("held by hold_intruder while hold_");
    }

    @Test
    void aSeatSoldTwiceFailsSeatsNeverDoubled() {
        String secondBuyer = history.paidSale().holdId();
        history.seatChange(List.of("A-2"), SeatStatus.SOLD, secondBuyer, "sold", history.next());

        CheckResult check = assertOnlyFailure(audit(), "seats-never-doubled", OnSaleHistory.EVENT + "/A-2", null);
        assertThat(check.offenses().get(0).what()).contains("sold to " + secondBuyer + " after it was sold to hold_");
    }

    @Test
    void aHoldThatTakesABuyerPastTheEventsSeatCapFailsBuyerSeatsWithinCap() {
        // buyer-1 bought A-1 and A-2 in the honest history: bought seats count for good, so 7 more make 9 of 8.
        OnSaleHistory.Sale past = history.holdAndResult("buyer-1", List.of("D-1", "D-2", "D-3", "D-4", "D-5", "D-6",
                "D-7"));

        assertOnlyFailure(audit(), "buyer-seats-within-cap", OnSaleHistory.EVENT + "/buyer-1",
                AuditMessages.overSeatCap("buyer-1", OnSaleHistory.EVENT, 9, 8, past.holdId()));
    }

    @Test
    void seatsOfAnExpiredHoldStopCountingAgainstTheSeatCap() {
        OnSaleHistory.Sale first = history.holdAndResult("buyer-9", List.of("E-1", "E-2", "E-3", "E-4", "E-5", "E-6",
                "E-7", "E-8"));
        history.expire(first);
        history.holdAndResult("buyer-9", List.of("F-1", "F-2", "F-3", "F-4", "F-5", "F-6", "F-7", "F-8"));

        AuditReport report = audit();

        assertThat(report.passed()).isTrue();
        assertThat(report.check("buyer-seats-within-cap").status()).isEqualTo(CheckStatus.PASSED);
        assertThat(report.check("buyer-seats-within-cap").details()).containsEntry("mostSeatsOfOneBuyer", 8);
    }

    @Test
    void aSoldSeatWithNoApprovedPaymentFailsPaymentsMatchSales() {
        OnSaleHistory.Sale sale = history.holdAndResult("buyer-9", List.of("F-1"));
        CheckoutRequested checkout = history.checkout(sale);
        history.seatChange(List.of("F-1"), SeatStatus.SOLD, sale.holdId(), "sold", history.next());
        history.result(Result.confirmed(checkout, List.of("F-1"), "ord_free", List.of(), history.next()));

        assertOnlyFailure(audit(), "payments-match-sales", sale.holdId(),
                AuditMessages.soldWithoutPayment(sale.holdId()));
    }

    // The free checkout: a paid Idempotency-Key reused on another hold once the ingress forgot its fingerprint, the
    // gateway answering the repeated key with its first approval. The window starts after that first payment, so the
    // only approval the audit reads for the second hold is the repeat; it must not pass for the second hold's own.
    @Test
    void aSalePaidByAChargeMadeForAnotherHoldFailsPaymentsMatchSalesWhateverTheWindow() {
        OnSaleHistory.Sale first = history.holdAndResult("buyer-7", List.of("F-1"));
        CheckoutRequested paid = history.pay(first);
        Instant windowStart = history.next();
        OnSaleHistory.Sale second = history.holdAndResult("buyer-7", List.of("F-2"));
        OnSaleHistory.Sale third = history.holdAndResult("buyer-7", List.of("F-3"));
        // Under the first purchase's bound key (what a gateway repeats), and under the bare correlation id (what a
        // gateway keyed by the checkout's id alone would repeat).
        history.approvedOutcome(paid, second.holdId(),
                PaymentKeys.of(paid.correlationId(), first.holdId(), OnSaleHistory.PRICE_CENTS), OnSaleHistory.PRICE_CENTS);
        history.seatChange(List.of("F-2"), SeatStatus.SOLD, second.holdId(), "sold", history.next());
        CheckoutRequested bare = history.checkout(third);
        history.approvedOutcome(bare, third.holdId(), bare.correlationId(), OnSaleHistory.PRICE_CENTS);
        history.seatChange(List.of("F-3"), SeatStatus.SOLD, third.holdId(), "sold", history.next());
        history.result(Result.confirmed(bare, List.of("F-3"), "ord_bare", List.of(), history.next()));

        AuditReport honestWindow = topics.audit(windowStart, to);
        CheckResult check = honestWindow.check("payments-match-sales");

        assertThat(check.status()).isEqualTo(CheckStatus.FAILED);
        assertThat(check.offenses()).extracting(Offense::subject).containsExactlyInAnyOrder(second.holdId(),
                third.holdId());
        // The repeat under the bare id shares its correlation id with no earlier approval the window reads: it is
        // judged and found not made for its hold.
        assertThat((Long) check.details().get("salesPaidForAnotherPurchase")).isPositive();
    }

    @Test
    void anApprovedPaymentWithNoSaleAndNoVoidFailsPaymentsMatchSales() {
        OnSaleHistory.Sale sale = history.holdAndResult("buyer-9", List.of("F-1"));
        CheckoutRequested checkout = history.checkout(sale);
        history.approvedOutcome(checkout);
        history.result(Result.rejected(checkout, Reasons.HOLD_NOT_PAYABLE, List.of("F-1"), history.next()));

        assertOnlyFailure(audit(), "payments-match-sales", checkout.correlationId(),
                AuditMessages.approvedWithoutSale(checkout.correlationId(), sale.holdId()));
    }

    @Test
    void anApprovedPaymentThatWasVoidedNeedsNoSale() {
        OnSaleHistory.Sale sale = history.holdAndResult("buyer-9", List.of("F-1"));
        CheckoutRequested checkout = history.checkout(sale);
        history.approvedOutcome(checkout);
        history.voidPayment(checkout);
        history.result(Result.rejected(checkout, Reasons.HOLD_NOT_PAYABLE, List.of("F-1"), history.next()));

        AuditReport report = audit();

        assertThat(report.passed()).isTrue();
        assertThat(report.check("payments-match-sales").details()).containsEntry("paymentsVoided", 1L);
    }

    @Test
    void elevenHoldsAdmittedInABurstForATenBurstPolicyFailBuyerHolds() {
        Instant burst = history.next();
        for (int i = 0; i < 11; i++) {
            history.admission("buyer-seats", "script-7", AdmissionRecord.ADMITTED, 10, 1, 6_000,
                    burst.plusMillis(i));
        }

        assertOnlyFailure(audit(), "buyer-seats-within-policy", "script-7",
                AuditMessages.overAdmitted("buyer-seats", "script-7", 1, 0, 10, 1, 6_000));
    }

    @Test
    void tenHoldsThenOneEverySixSecondsStayWithinTheBuyerPolicy() {
        Instant burst = history.next();
        for (int i = 0; i < 10; i++) {
            history.admission("buyer-seats", "patient-8", AdmissionRecord.ADMITTED, 10, 1, 6_000, burst);
        }
        history.admission("buyer-seats", "patient-8", AdmissionRecord.REFUSED, 10, 1, 6_000, burst.plusSeconds(1));
        history.admission("buyer-seats", "patient-8", AdmissionRecord.ADMITTED, 10, 1, 6_000, burst.plusSeconds(6));

        assertThat(audit().check("buyer-seats-within-policy").status()).isEqualTo(CheckStatus.PASSED);
    }

    @Test
    void refusalsWrittenAsOneCountedRecordAreCountedOneByOne() {
        Instant burst = history.next().truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        history.admission("buyer-seats", "ignores-retry-after", AdmissionRecord.REFUSED, 10, 1, 6_000, burst, 1);
        history.admission("buyer-seats", "ignores-retry-after", AdmissionRecord.REFUSED, 10, 1, 6_000,
                burst.plusMillis(10), 4_999);
        history.admission("buyer-seats", "ignores-retry-after", AdmissionRecord.REFUSED, 10, 1, 6_000,
                burst.plusSeconds(1), 2_500);

        AuditReport report = audit();

        assertThat(report.passed()).isTrue();
        assertThat(report.check("buyer-seats-within-policy").details()).containsEntry("refused", 7_500L);
        assertThat(report.timeline().bins()).extracting(Timeline.Bin::refused).filteredOn(refused -> refused > 0)
                .containsExactly(5_000L, 2_500L);
    }

    @Test
    void anOrganizerAdmittedBeyondItsAggregateFailsOrganizerHolds() {
        Instant burst = history.next().plusSeconds(5);
        for (int i = 0; i < 6; i++) {
            history.admission("organizer-holds", "org-small", AdmissionRecord.ADMITTED, 5, 5, 1_000, burst);
        }

        assertOnlyFailure(audit(), "organizer-holds-within-policy", "org-small",
                AuditMessages.overAdmitted("organizer-holds", "org-small", 1, 0, 5, 5, 1_000));
    }

    @Test
    void fallbackOpenDecisionsAreReportedAsAPeriodAndNotChargedToTheBucket() {
        Instant outage = history.next();
        for (int i = 0; i < 10; i++) {
            history.admission("buyer-seats", "during-outage", AdmissionRecord.ADMITTED, 10, 1, 6_000, outage);
        }
        for (int i = 0; i < 3; i++) {
            history.admission("buyer-seats", "during-outage", AdmissionRecord.FALLBACK_OPEN, 10, 1, 6_000,
                    outage.plusSeconds(1 + i));
        }

        AuditReport report = audit();

        assertThat(report.passed()).isTrue();
        CheckResult periods = report.check("fallback-periods");
        assertThat(periods.status()).isEqualTo(CheckStatus.NOTED);
        assertThat(periods.count()).isEqualTo(3);
        assertThat(periods.details().get("periods")).asList().singleElement().hasToString(
                "Period[start=" + outage.plusSeconds(1) + ", end=" + outage.plusSeconds(3)
                        + ", count=3, byLimit={buyer-seats fallback-open=3}]");
        assertThat(report.check("buyer-seats-within-policy").details()).containsEntry("fallbackOpen", 3L);
    }

    @Test
    void aWaitingRoomAdmissionAheadOfTheRecordedRateFails() {
        Instant at = history.next().plusSeconds(1);
        history.waitingRoomRecord(new WaitingRoomRecord(OnSaleHistory.EVENT, WaitingRoomRecord.ADMITTED,
                "jumper", "ticket-jumper", 12, 0, 1.0, at));

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-order", OnSaleHistory.EVENT + "#12", null);
        assertThat(check.offenses().get(0).what()).startsWith("event " + OnSaleHistory.EVENT
                + " admitted position 12, ");
    }

    @Test
    void anOpeningWrittenAfterLaterStepsStartsTheAllowanceAtTheOpening() {
        // The ingress stamps the opening's step with the opening time but writes it at the first call after it,
        // which came 3 s late here: the steps of those 3 s are on the topic before it.
        String event = "evt-late-opening";
        Instant opening = history.next();
        roomStep(event, WaitingRoomRecord.JOINED, "local-early", 1, opening.plusSeconds(3));
        roomStep(event, WaitingRoomRecord.SHUFFLED, null, 400, opening);
        // 4 s after the opening at 50/s the frontier may stand at 200, plus one second's slack of 50
        roomStep(event, WaitingRoomRecord.ADMITTED, "t-240", 240, opening.plusSeconds(4));
        roomStep(event, WaitingRoomRecord.ADMITTED, "t-300", 300, opening.plusSeconds(4));

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-order", event + "#300", null);
        assertThat(check.offenses().get(0).what()).startsWith("event " + event + " admitted position 300, 50.0 ");
    }

    @Test
    void admissionsSeenLateMayCatchUpWithTheRate() {
        // Buyers are admitted when they next ask: after a quiet stretch the admitted positions catch up at once
        String event = "evt-catching-up";
        Instant opening = history.next();
        roomStep(event, WaitingRoomRecord.SHUFFLED, null, 400, opening);
        roomStep(event, WaitingRoomRecord.ADMITTED, "t-40", 40, opening.plusSeconds(2));
        roomStep(event, WaitingRoomRecord.ADMITTED, "t-300", 300, opening.plusSeconds(6));

        AuditReport report = audit();

        assertThat(report.check("waiting-room-order").status()).isEqualTo(CheckStatus.PASSED);
    }

    @Test
    void aRoomOpenedAfreshAfterRedisLostItIsHeldToTheRateFromThen() {
        String event = "evt-reopened";
        Instant opening = history.next();
        roomStep(event, WaitingRoomRecord.SHUFFLED, null, 400, opening);
        roomStep(event, WaitingRoomRecord.ADMITTED, "t-50", 50, opening.plusSeconds(1));
        // Redis restarted empty 20 s in: the store opens the room again, its step stamped with the same opening
        Instant restart = opening.plusSeconds(20);
        roomStep(event, WaitingRoomRecord.JOINED, "t-late-1", 1, restart);
        roomStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening);
        roomStep(event, WaitingRoomRecord.ADMITTED, "t-late-100", 100, restart.plusMillis(500));

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-order", event + "#100", null);
        assertThat(check.offenses().get(0).what()).startsWith("event " + event + " admitted position 100, 25.0 ");
    }

    @Test
    void aJoinPlacedAheadOfOneWhoJoinedMoreThanASecondEarlierFails() {
        String event = "evt-reordered";
        Instant opening = history.next();
        roomStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening);
        roomStep(event, WaitingRoomRecord.JOINED, "t-1", 1, opening.plusMillis(100));
        roomStep(event, WaitingRoomRecord.JOINED, "t-3", 3, opening.plusMillis(200));
        // Two instances' batches within the slack may land in either order.
        roomStep(event, WaitingRoomRecord.JOINED, "t-2", 2, opening.plusMillis(250));
        roomStep(event, WaitingRoomRecord.JOINED, "t-4", 4, opening.plusMillis(2_000));
        // Injected: a join placed ahead of one who joined 2.5 s before it.
        roomStep(event, WaitingRoomRecord.JOINED, "t-early", 2, opening.plusMillis(4_500));

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-order", event + "#2", null);
        assertThat(check.offenses()).hasSize(1);
        assertThat(check.offenses().get(0).what()).isEqualTo("event " + event
                + " gave a join place 2, ahead of place 4 given to a join more than 1000 ms earlier");
        assertThat(check.details()).containsEntry("joinsPlacedByArrival", 5L);
    }

    @Test
    void joinsBeforeTheOpeningAndAfterARoomWasOpenedAfreshAreNotHeldToEarlierPlaces() {
        String event = "evt-draws";
        Instant opening = history.next();
        roomStep(event, WaitingRoomRecord.JOINED, "t-lobby-9", 9, opening.minusSeconds(5));
        roomStep(event, WaitingRoomRecord.JOINED, "t-lobby-2", 2, opening.minusSeconds(3));
        roomStep(event, WaitingRoomRecord.SHUFFLED, null, 9, opening);
        roomStep(event, WaitingRoomRecord.JOINED, "t-10", 10, opening.plusSeconds(1));
        // Redis lost the room: it opens again, and places start again from the first.
        roomStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening);
        roomStep(event, WaitingRoomRecord.JOINED, "t-again-1", 1, opening.plusSeconds(5));

        assertThat(audit().check("waiting-room-order").status()).isEqualTo(CheckStatus.PASSED);
    }

    @Test
    void aRandomRoomAdmissionAtAnotherPlaceThanItsDrawGaveFails() {
        String event = "evt-lottery";
        long seed = 7_001;
        Instant opening = history.next();
        history.waitingRoomRecord(new WaitingRoomRecord(event, WaitingRoomRecord.SHUFFLED, null, null, 0, seed, 50.0,
                opening, null, null, "random"));
        history.waitingRoomRecord(WaitingRoomRecord.drawn(event, 1, 10, seed, 50.0, opening.plusSeconds(1), null, null));
        List<String> buyers = java.util.stream.IntStream.rangeClosed(1, 10).mapToObj(i -> "lot-" + i).toList();
        String cheat = buyers.get(3);
        long cheatsDraw = ShuffleOrder.drawnPlace(seed, 1, 10, cheat);
        // Injected: one buyer admitted at another place of the window than their draw gave.
        long taken = cheatsDraw % 10 + 1;
        for (String buyer : buyers) {
            long place = buyer.equals(cheat) ? taken : ShuffleOrder.drawnPlace(seed, 1, 10, buyer);
            history.waitingRoomRecord(new WaitingRoomRecord(event, WaitingRoomRecord.ADMITTED, buyer, "t-" + buyer,
                    place, 0, 50.0, opening.plusSeconds(2), null, null, "random"));
        }

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-order", event + "#" + taken,
                "event " + event + " admitted " + cheat + " at place " + taken + ", but their draw in the 10 places "
                        + "from 1 is place " + cheatsDraw);
        assertThat(check.details()).containsEntry("drawsReplayed", 10L).containsEntry("drawsNotOnRecord", 0L);
    }

    /** One step of {@code event}'s room at 50 buyers/s; the buyer is named after the ticket. */
    private void roomStep(String event, String kind, String ticket, long position, Instant at) {
        history.waitingRoomRecord(new WaitingRoomRecord(event, kind, ticket == null ? null : "buyer-of-" + ticket,
                ticket, position, 0, 50.0, at));
    }

    /** One step of {@code event}'s room at one buyer a second, with the store's count of active buyers and the cap. */
    private void cappedStep(String event, String kind, String ticket, long position, Instant at, long active, int cap) {
        history.waitingRoomRecord(new WaitingRoomRecord(event, kind, ticket == null ? null : "buyer-of-" + ticket,
                ticket, position, 0, 1.0, at, active, cap));
    }

    @Test
    void aLaneRunAboveWhatItsShareCanGiveFails() {
        String fans = OnSaleHistory.LANED + "~fans";
        // lent everything (the lane for everyone else empty) the fan club may run at 10; 5 is no share of it
        roomStep(fans, WaitingRoomRecord.RATE_CHANGED, null, 0, history.next());

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-lanes", fans + "#" + WaitingRoomRecord.RATE_CHANGED,
                AuditMessages.laneRateOffShare(fans, 50.0, List.of(2.0, 2.0, 10.0)));
        assertThat(check.details()).containsEntry("eventsWithLanes", 1);
    }

    @Test
    void aPresaleDrawWithOneInjectedWinnerFailsAndItsWinnersAreDrawnAgain() {
        String event = "evt-presale-injected";
        PresaleLottery.Draw draw = history.presale(event, 2);
        String loser = draw.waitList().getFirst();
        history.presaleRecord(PresaleRecord.granted(event, loser, 3, 0, history.next()));

        CheckResult check = assertOnlyFailure(audit(), "presale-lottery", event + "#" + loser,
                AuditMessages.presaleUnearnedCode(event, loser));
        assertThat(check.details()).containsEntry("draws", 2L);
    }

    @Test
    void aPresaleCodeUsedForASecondSessionOrNeverGrantedFails() {
        String event = "evt-presale-twice";
        PresaleLottery.Draw draw = history.presale(event, 2);
        String winner = draw.winners().getFirst();
        Instant at = history.next();
        // given back once (its join got no place) and used again: one session
        history.presaleRecord(PresaleRecord.returned(event, winner, at));
        history.presaleRecord(PresaleRecord.used(event, winner, at));
        assertThat(audit().check("presale-codes").status()).isEqualTo(CheckStatus.PASSED);

        history.presaleRecord(PresaleRecord.used(event, winner, at.plusSeconds(1)));
        CheckResult check = assertOnlyFailure(audit(), "presale-codes", event + "#" + winner,
                AuditMessages.presaleCodeUsedTwice(event, winner));
        assertThat(check.offenses()).hasSize(1);
        String stranger = draw.waitList().getFirst();
        history.presaleRecord(PresaleRecord.used(event, stranger, at.plusSeconds(2)));
        assertThat(audit().check("presale-codes").offenses()).extracting(Offense::what)
                .contains(AuditMessages.presaleCodeNeverGranted(event, stranger));
    }

    @Test
    void aParkedBuyerGivenARealPlaceBeforeReleaseFailsAndTheParkedAreListedWithWhy() {
        String event = "evt-parked";
        Instant opening = history.next();
        roomStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening);
        roomStep(event, WaitingRoomRecord.JOINED, "t-1", 1, opening.plusSeconds(1));
        history.waitingRoomRecord(WaitingRoomRecord.parking(event, WaitingRoomRecord.PARKED, "buyer-of-t-1",
                "address-crowd: 21 accounts joined from 192.0.2.7 within 60 s", opening.plusSeconds(2)));
        history.waitingRoomRecord(WaitingRoomRecord.parking(event, WaitingRoomRecord.PARKED, "buyer-of-t-2",
                "operator: a known script", opening.plusSeconds(2)));
        history.waitingRoomRecord(WaitingRoomRecord.parking(event, WaitingRoomRecord.RELEASED, "buyer-of-t-2",
                "operator", opening.plusSeconds(3)));
        // released first, so a real place is theirs; the first buyer was still parked
        roomStep(event, WaitingRoomRecord.JOINED, "t-2", 2, opening.plusSeconds(4));
        roomStep(event, WaitingRoomRecord.JOINED, "t-3", 3, opening.plusSeconds(4));
        roomStep(event, WaitingRoomRecord.JOINED, "t-1", 4, opening.plusSeconds(4));

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-parked", event + "#buyer-of-t-1",
                "buyer buyer-of-t-1 was given place 4 in the room of " + event + " while parked");
        // (the honest history parks one script of its own)
        assertThat(check.details()).containsEntry("flags", 3L).containsEntry("released", 1L);
        assertThat(check.details().get("parked").toString()).contains("address-crowd: 21 accounts", "operator: a known");
    }

    @Test
    void aRoomWithMoreBuyersActiveThanItsCapFails() {
        String event = "evt-over-cap";
        Instant opening = history.next();
        cappedStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening, 0, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-1", 1, opening.plusSeconds(1), 1, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-2", 2, opening.plusSeconds(2), 2, 2);
        // The store's own count says 2, but three sessions are on: none ended, none lapsed.
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-3", 3, opening.plusSeconds(3), 2, 2);

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-active-cap", event + "#buyer-of-t-3",
                "event " + event + " had 3 buyers active, over its cap of 2");
        assertThat(check.details().get("mostActive")).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .containsEntry(event, 3);
    }

    @Test
    void aStepWhoseOwnCountIsOverTheCapFails() {
        String event = "evt-counted-over";
        Instant opening = history.next();
        cappedStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening, 0, 2);
        cappedStep(event, WaitingRoomRecord.JOINED, "t-9", 9, opening.plusSeconds(1), 3, 2);

        assertOnlyFailure(audit(), "waiting-room-active-cap", event + "#joined",
                "event " + event + " had 3 buyers active, over its cap of 2");
    }

    @Test
    void slotsFreedByEndedSessionsLetTheNextInAtOnceWithinTheCapAndTheRate() {
        String event = "evt-freed";
        Instant opening = history.next();
        cappedStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening, 0, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-1", 1, opening.plusSeconds(1), 1, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-2", 2, opening.plusSeconds(2), 2, 2);
        cappedStep(event, WaitingRoomRecord.ENDED, "t-1", 0, opening.plusMillis(2_100), 1, 2);
        // At one a second the rate allows position 3 at 3 s (plus a second's slack); the freed slots let 3 and 4 in
        // at 2.1 s.
        cappedStep(event, WaitingRoomRecord.SLOTS_FREED, null, 2, opening.plusMillis(2_100), 1, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-3", 3, opening.plusMillis(2_100), 2, 2);
        cappedStep(event, WaitingRoomRecord.REVOKED, "t-2", 0, opening.plusMillis(2_200), 1, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-4", 4, opening.plusMillis(2_200), 2, 2);

        AuditReport report = audit();

        assertThat(report.check("waiting-room-active-cap").status()).isEqualTo(CheckStatus.PASSED);
        assertThat(report.check("waiting-room-order").status()).isEqualTo(CheckStatus.PASSED);
    }

    @Test
    void aPassthroughRoomIsNotHeldToTheRateButNobodyIsAdmittedTwice() {
        String event = "evt-passthrough";
        Instant opening = history.next();
        history.waitingRoomRecord(new WaitingRoomRecord(event, WaitingRoomRecord.SHUFFLED, null, null, 0, 0, 1.0,
                opening, 0L, 0, "passthrough"));
        for (int i = 1; i <= 300; i++) {
            history.waitingRoomRecord(new WaitingRoomRecord(event, WaitingRoomRecord.ADMITTED, "buyer-" + i, "t-" + i,
                    i, 0, 1.0, opening.plusMillis(i), (long) i, 0, "passthrough"));
        }
        history.waitingRoomRecord(new WaitingRoomRecord(event, WaitingRoomRecord.ADMITTED, "buyer-7", "t-7", 7, 0, 1.0,
                opening.plusSeconds(1), 300L, 0, "passthrough"));

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-order", "t-7", null);
        assertThat(check.offenses().get(0).what()).isEqualTo("event " + event + " admitted ticket t-7 twice");
        assertThat(check.details()).containsEntry("passthroughAdmissions", 301L);
    }

    @Test
    void aRoomOpenedAfreshAfterRedisLostItCountsOnlyTheSessionsBegunSince() {
        String event = "evt-cap-restarted";
        Instant opening = history.next();
        cappedStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening, 0, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-1", 1, opening.plusSeconds(1), 1, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-2", 2, opening.plusSeconds(2), 2, 2);
        // Redis restarted empty: the store opens the room again, knowing nobody; t-1 and t-2's passes no longer work.
        Instant restart = opening.plusSeconds(20);
        cappedStep(event, WaitingRoomRecord.JOINED, "t-late-1", 1, restart, 0, 2);
        cappedStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening, 0, 2);
        assertTheRestartEndedTwoSessionsAndCapsTheNext(event, restart);
    }

    @Test
    void theWindowsOnlyOpeningWrittenLongAfterItsAdmissionsIsARestartOfARoomOpenedBeforeTheWindow() {
        String event = "evt-cap-restarted-first-seen";
        Instant opening = history.next();
        // The room first opened before the window: its opening step is not in it, its sessions are.
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-1", 1, opening.plusSeconds(1), 1, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-2", 2, opening.plusSeconds(2), 2, 2);
        // Redis restarted empty 20 s in: the new opening's step carries the opening time, and is written only now.
        Instant restart = opening.plusSeconds(20);
        history.waitingRoomRecord(new WaitingRoomRecord(event, WaitingRoomRecord.SHUFFLED, null, null, 0, 0, 1.0,
                opening, 0L, 2), restart);
        assertTheRestartEndedTwoSessionsAndCapsTheNext(event, restart);
    }

    /**
     * Two sessions begin after {@code event}'s room restarted at {@code restart}, with two begun before it: the check
     * passes, counting two sessions ended by the restart; a third session after it is over the cap of 2 again.
     */
    private void assertTheRestartEndedTwoSessionsAndCapsTheNext(String event, Instant restart) {
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-late-1", 1, restart.plusSeconds(1), 1, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-late-2", 2, restart.plusSeconds(2), 2, 2);

        CheckResult check = audit().check("waiting-room-active-cap");
        assertThat(check.status()).isEqualTo(CheckStatus.PASSED);
        assertThat(check.details()).containsEntry("endedByRestart", 2L);

        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-late-3", 3, restart.plusSeconds(3), 2, 2);
        assertOnlyFailure(audit(), "waiting-room-active-cap", event + "#buyer-of-t-late-3",
                "event " + event + " had 3 buyers active, over its cap of 2");
    }

    @Test
    void anOpeningStepWrittenAfterTheFirstAdmissionsEndsNoSessionSoAThirdBuyerStillFails() {
        String event = "evt-cap-late-opening";
        Instant opening = history.next();
        // Two instances: the one that opened the room wrote its step after the other had written two admissions.
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-1", 1, opening.plusSeconds(1), 1, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-2", 2, opening.plusSeconds(2), 2, 2);
        cappedStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening, 0, 2);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-3", 3, opening.plusSeconds(5), 2, 2);

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-active-cap", event + "#buyer-of-t-3",
                "event " + event + " had 3 buyers active, over its cap of 2");
        assertThat(check.details()).containsEntry("endedByRestart", 0L);
    }

    @Test
    void sessionsEndByThePassLifetimeToo() {
        String event = "evt-lapsed";
        Instant opening = history.next();
        cappedStep(event, WaitingRoomRecord.SHUFFLED, null, 0, opening, 0, 1);
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-1", 1, opening.plusSeconds(1), 1, 1);
        // No definition of this event on the topic: the default lifetime of 15 minutes applies.
        cappedStep(event, WaitingRoomRecord.ADMITTED, "t-2", 2,
                opening.plusSeconds(1).plus(WaitingRoomSettings.DEFAULT_PASS_LIFETIME), 1, 1);

        assertThat(audit().check("waiting-room-active-cap").status()).isEqualTo(CheckStatus.PASSED);
    }

    /** The loop's step of {@code event} from {@code from} to {@code to}, with the permits it says it saw. */
    private void loopStep(String event, double from, double to, int permitsInUse, String reason, Instant at) {
        history.waitingRoomRecord(new WaitingRoomRecord(event, WaitingRoomRecord.RATE_CHANGED, null, null, 0, 0, to,
                at, 0L, 0, "fifo"));
        history.waitingRoomRecord(WaitingRoomRecord.rateStep(event, to, at.plusMillis(1), new EntryLoopStep(from, 2,
                40, permitsInUse, 20, 0, 100, 1, 1, reason)));
    }

    @Test
    void loopStepsThatFollowFromTheirInputsPass() {
        String event = "evt-looped";
        Instant at = history.next();
        loopStep(event, 20, 14, 18, "permits", at);
        loopStep(event, 14, 16.1, 1, "headroom", at.plusSeconds(1));

        CheckResult check = audit().check("waiting-room-rate-steps");
        assertThat(check.status()).isEqualTo(CheckStatus.PASSED);
        assertThat(check.details()).as("these two and the honest history's").containsEntry("steps", 3L);
    }

    @Test
    void aRoomThatLostItsStateWithRedisStepsFromItsConfiguredRateAgain() {
        String event = "evt-looped-restarted";
        Instant at = history.next();
        loopStep(event, 20, 14, 18, "permits", at);
        // Redis came back empty: the room opened again at its configured 20 a second, and the loop stepped from there.
        history.waitingRoomRecord(new WaitingRoomRecord(event, WaitingRoomRecord.SHUFFLED, null, null, 0, 7, 20,
                at.plusSeconds(10), 0L, 0, "fifo"));
        loopStep(event, 20, 14, 18, "permits", at.plusSeconds(11));

        assertThat(audit().check("waiting-room-rate-steps").status()).isEqualTo(CheckStatus.PASSED);
    }

    @Test
    void aRateStepItsInputsDoNotGiveFails() {
        String event = "evt-raised-on-full-permits";
        Instant at = history.next();
        // Eighteen of twenty permits held: the rule brings the rate down, never up.
        loopStep(event, 20, 23, 18, "headroom", at);

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-rate-steps", event + "@" + at.plusMillis(1),
                null);
        assertThat(check.offenses().get(0).what()).isEqualTo("event " + event
                + "'s rate went from 20.0 to 23.0 (headroom), but its recorded inputs give 14.0 (permits)");
    }

    @Test
    void aRateStepTheRoomNeverTookFails() {
        String event = "evt-step-not-taken";
        Instant at = history.next();
        history.waitingRoomRecord(new WaitingRoomRecord(event, WaitingRoomRecord.RATE_CHANGED, null, null, 0, 0, 20,
                at, 0L, 0, "fifo"));
        history.waitingRoomRecord(WaitingRoomRecord.rateStep(event, 14, at.plusMillis(1), new EntryLoopStep(20, 2, 40,
                18, 20, 0, 100, 1, 1, "permits")));

        CheckResult check = assertOnlyFailure(audit(), "waiting-room-rate-steps", event + "@" + at.plusMillis(1),
                null);
        assertThat(check.offenses().get(0).what())
                .isEqualTo("event " + event + "'s loop stepped the rate to 14.0 but the room last set 20.0");
    }

    @Test
    void aRecordThatBreaksTheContractFailsRecordsReadable() {
        Instant at = history.next();
        topics.send(topics.names().holds(), OnSaleHistory.EVENT, "{not json".getBytes(StandardCharsets.UTF_8), null,
                at);

        CheckResult check = assertOnlyFailure(audit(), "records-readable", topics.names().holds(), null);
        assertThat(check.offenses().get(0).what()).startsWith("unreadable: ");
    }

    private AuditReport audit() {
        return topics.audit(from, to);
    }

    /** The one failed check is {@code name}, with one offense about {@code subject} (saying {@code what}). */
    private static CheckResult assertOnlyFailure(AuditReport report, String name, String subject, String what) {
        assertThat(report.passed()).isFalse();
        assertThat(report.failures()).extracting(CheckResult::name).containsExactly(name);
        CheckResult check = report.check(name);
        assertThat(check.count()).isEqualTo(1);
        assertThat(check.offenses()).singleElement().satisfies(offense -> {
            assertThat(offense.subject()).isEqualTo(subject);
            if (what != null) {
                assertThat(offense.what()).isEqualTo(what);
            }
        });
        return check;
    }
}
