package io.stagedoor.audit;

import io.stagedoor.admission.presale.PresaleLottery;
import io.stagedoor.topics.AdmissionRecord;
import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.PresaleRecord;
import io.stagedoor.topics.LaneSettings;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.topics.EntryLoopStep;
import io.stagedoor.topics.WaitingRoomRecord;
import io.stagedoor.topics.WaitingRoomSettings;
import io.stagedoor.topics.PaymentKeys;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

/**
 * Writes the records a small, honest on-sale leaves behind, the way the ingress and the inventory write them:
 * the event's definition, holds with their results and seat changes, checkouts with approved payments, sales and
 * confirmations, a rejected hold, admission decisions within the buyer and organizer policies, and a waiting room
 * admitting in order at its rate. Each violation test adds one wrong record to it.
 */
public final class OnSaleHistory {

    static final String EVENT = "evt-audit";
    static final String ORGANIZER = "org-audit";
    static final Duration TICK = Duration.ofMillis(200);

    private final AuditTopics topics;
    private final Instant start;
    private Instant clock;
    static final long PRICE_CENTS = 4_500;
    private final java.util.Map<String, Integer> seatsOf = new java.util.HashMap<>();
    private int sequence;
    private Sale paid;

    public OnSaleHistory(AuditTopics topics, Instant start) {
        this.topics = topics;
        this.start = start;
        this.clock = start;
    }

    Instant start() {
        return start;
    }

    /** The honest history's second sale: buyer-2's hold on B-1, paid and sold. */
    Sale paidSale() {
        return paid;
    }

    /** The time of the next record; every call moves the history's clock on by one tick. */
    Instant next() {
        clock = clock.plus(TICK);
        return clock;
    }

    /**
     * Lays down the honest history: the event defined (each buyer may hold and buy 8 of its seats), three buyers, two
     * of whom pay, and a late buyer who finds a seat taken.
     */
    public OnSaleHistory honest() {
        define(EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
        Sale first = holdAndResult("buyer-1", List.of("A-1", "A-2"));
        Sale second = holdAndResult("buyer-2", List.of("B-1"));
        holdAndResult("buyer-3", List.of("C-1"));
        rejectedHold("buyer-4", List.of("A-1"));
        pay(first);
        pay(second);
        paid = second;
        admissions("buyer-1", 3);
        admissions("buyer-2", 2);
        waitingRoom(4, 1.0);
        loopStep();
        presale(EVENT, 2);
        lanes();
        return this;
    }

    /** The event with lanes of these histories: a fan club of 1 share and everyone else's 4, at 10 a second. */
    static final String LANED = EVENT + "-laned";

    /**
     * {@link #LANED} defined, its two lane rooms opened at their shares (2 and 8 a second), then the lane for
     * everyone else lent the fan club's share while the club had nobody waiting (10).
     */
    void lanes() {
        Instant at = next();
        EventDefinition event = new EventDefinition(LANED, "Laned night", ORGANIZER, start, List.of("A-1"), 4_500,
                new WaitingRoomSettings(true, 10, start, Duration.ofMinutes(15)).withLanes(List.of(
                        new LaneSettings("fans", 1, List.of("fan-1"), null),
                        new LaneSettings("everyone", 4, null, null))));
        topics.send(topics.names().events(), LANED, event, null, at);
        waitingRoomRecord(new WaitingRoomRecord(LANED, WaitingRoomRecord.SHUFFLED, null, null, 0, 7, 8.0, at));
        waitingRoomRecord(new WaitingRoomRecord(LANED + "~fans", WaitingRoomRecord.SHUFFLED, null, null, 0, 7, 2.0,
                at));
        waitingRoomRecord(new WaitingRoomRecord(LANED, WaitingRoomRecord.RATE_CHANGED, null, null, 0, 0, 10.0,
                at.plusMillis(1)));
        clock = at.plusMillis(1);
    }

    /** The seed every presale of these histories is drawn with. */
    static final byte[] PRESALE_SEED = HexFormat.of().parseHex("00112233445566778899aabbccddeeff");
    static final List<String> PRESALE_FANS = List.of("fan-1", "fan-2", "fan-3", "fan-4", "fan-5");

    /**
     * A presale of {@code eventId} as the ingress records it: five registrations, the draw of {@code codes} under
     * {@link #PRESALE_SEED}, a code granted to each winner, and the first winner's code used.
     */
    PresaleLottery.Draw presale(String eventId, int codes) {
        Instant at = next();
        PRESALE_FANS.forEach(fan -> presaleRecord(PresaleRecord.registered(eventId, fan, at)));
        PresaleLottery.Draw draw = PresaleLottery.draw(PRESALE_SEED, PRESALE_FANS, codes);
        presaleRecord(PresaleRecord.drawn(eventId, HexFormat.of().formatHex(PRESALE_SEED), codes, PRESALE_FANS.size(),
                at));
        for (int i = 0; i < draw.winners().size(); i++) {
            presaleRecord(PresaleRecord.granted(eventId, draw.winners().get(i), i + 1, 0, at));
        }
        presaleRecord(PresaleRecord.used(eventId, draw.winners().getFirst(), at));
        clock = at;
        return draw;
    }

    void presaleRecord(PresaleRecord record) {
        topics.send(topics.names().presale(), record.eventId(), record, null, record.at());
    }

    /** The closed loop stepping a room's rate down on full checkout permits: the room's change, then the step. */
    void loopStep() {
        Instant at = next();
        String looped = EVENT + "-looped";
        waitingRoomRecord(new WaitingRoomRecord(looped, WaitingRoomRecord.RATE_CHANGED, null, null, 0, 0, 14.0, at,
                0L, 0, WaitingRoomSettings.FIFO));
        waitingRoomRecord(WaitingRoomRecord.rateStep(looped, 14.0, at.plusMillis(1),
                new EntryLoopStep(20.0, 2, 40, 18, 20, 0, 100, 1, 1, "permits")));
        clock = at.plusMillis(1);
    }

    /** The event's definition, as an operator writes it to the compacted events topic. */
    void define(int maxSeatsPerBuyer) {
        Instant at = next();
        EventDefinition event = new EventDefinition(EVENT, "Audit night", ORGANIZER, start, List.of("A-1", "A-2",
                "B-1", "C-1"), 4_500, null).withMaxSeatsPerBuyer(maxSeatsPerBuyer);
        topics.send(topics.names().events(), EVENT, event, null, at);
    }

    /** A hold request published, granted, its seats held and its result written. */
    Sale holdAndResult(String buyer, List<String> seats) {
        HoldRequested request = holdRequest(buyer, seats);
        Instant decided = next();
        String holdId = "hold_" + request.correlationId();
        seatsOf.put(holdId, seats.size());
        seatChange(seats, SeatStatus.HELD, holdId, "held", decided);
        result(Result.held(request, holdId, decided.plus(Duration.ofMinutes(10)), decided));
        return new Sale(request, holdId);
    }

    /** A granted hold's seats made available again, as the inventory's expiry sweep does. */
    void expire(Sale sale) {
        seatChange(sale.request().seats(), SeatStatus.AVAILABLE, sale.holdId(), "expired", next());
    }

    /** A hold request published and nothing else: the inventory never answered. */
    public HoldRequested holdRequest(String buyer, List<String> seats) {
        Instant at = next();
        HoldRequested request = new HoldRequested(id("hold"), EVENT, buyer, seats, at);
        topics.send(topics.names().holds(), EVENT, request, request.correlationId(), at);
        return request;
    }

    void rejectedHold(String buyer, List<String> seats) {
        HoldRequested request = holdRequest(buyer, seats);
        result(Result.rejected(request, Reasons.SEAT_UNAVAILABLE, next()));
    }

    /** Checkout, approved payment, sale and confirmation of a hold. */
    CheckoutRequested pay(Sale sale) {
        CheckoutRequested checkout = checkout(sale);
        approvedOutcome(checkout);
        seatChange(sale.request().seats(), SeatStatus.SOLD, sale.holdId(), "sold", next());
        result(Result.confirmed(checkout, sale.request().seats(), "ord_" + checkout.correlationId(), List.of(),
                next()));
        return checkout;
    }

    CheckoutRequested checkout(Sale sale) {
        Instant at = next();
        CheckoutRequested checkout = new CheckoutRequested(id("checkout"), EVENT, sale.holdId(),
                sale.request().buyerId(), "tok_visa", at);
        topics.send(topics.names().checkouts(), EVENT, checkout, checkout.correlationId(), at);
        return checkout;
    }

    /** The approval of {@code checkout}'s payment, charged under the key bound to it, its hold and its amount. */
    PaymentOutcome approvedOutcome(CheckoutRequested checkout) {
        long amount = PRICE_CENTS * seatsOf.getOrDefault(checkout.holdId(), 1);
        return approvedOutcome(checkout, checkout.holdId(), PaymentKeys.of(checkout.correlationId(), checkout.holdId(),
                amount), amount);
    }

    /** An approval for {@code checkout} reporting {@code holdId}, charged under {@code paymentKey} for {@code amount}. */
    PaymentOutcome approvedOutcome(CheckoutRequested checkout, String holdId, String paymentKey, long amount) {
        Instant at = next();
        PaymentOutcome outcome = new PaymentOutcome(checkout.correlationId(), checkout.eventId(), holdId,
                PaymentStatus.APPROVED, "ch_" + paymentKey, null, at, paymentKey, amount);
        topics.send(topics.names().paymentOutcomes(), checkout.eventId(), outcome, checkout.correlationId(), at);
        return outcome;
    }

    void voidPayment(CheckoutRequested checkout) {
        Instant at = next();
        topics.sendVoid(checkout.correlationId(), new PaymentRequested(checkout.correlationId(), EVENT,
                checkout.holdId(), null, 0, null, at), at);
    }

    void seatChange(List<String> seats, SeatStatus status, String holdId, String cause, Instant at) {
        topics.send(topics.names().seatChanges(), EVENT, new SeatChange(EVENT, seats, status, holdId, cause, at),
                null, at);
    }

    void result(Result result) {
        Instant at = result.decidedAt() != null ? result.decidedAt() : next();
        topics.send(topics.names().results(), result.correlationId(), result, result.correlationId(), at);
    }

    /**
     * {@code count} admitted holds in a burst for {@code buyer} under the default buyer policy (10, then 1 per
     * 6 s), each also admitted by the organizer's aggregate.
     */
    void admissions(String buyer, int count) {
        for (int i = 0; i < count; i++) {
            Instant at = next();
            admission("buyer-seats", buyer, AdmissionRecord.ADMITTED, 10, 1, 6_000, at);
            admission("organizer-holds", ORGANIZER, AdmissionRecord.ADMITTED, 200, 200, 1_000, at);
        }
    }

    void admission(String limit, String key, String outcome, long capacity, long refillTokens,
                   long refillPeriodMillis, Instant at) {
        admission(limit, key, outcome, capacity, refillTokens, refillPeriodMillis, at, 1);
    }

    /** One record standing for {@code count} decisions, as the ingress writes refusals its refusal cache answered. */
    void admission(String limit, String key, String outcome, long capacity, long refillTokens,
                   long refillPeriodMillis, Instant at, long count) {
        AdmissionRecord record = new AdmissionRecord(limit, key, outcome, "redis", 1, 0,
                AdmissionRecord.REFUSED.equals(outcome) ? 6 : 0, capacity, refillTokens, refillPeriodMillis,
                at.toEpochMilli(), "holds", null, at, count);
        topics.send(topics.names().admissions(), limit + ":" + key, record, null, at);
    }

    /**
     * A shuffle, then {@code count} buyers admitted in position order, one per {@code 1/rate} seconds; a script
     * parked at the opening, which gets no place.
     */
    void waitingRoom(int count, double rate) {
        Instant at = next();
        waitingRoomRecord(new WaitingRoomRecord(EVENT, WaitingRoomRecord.SHUFFLED, null, null, 0, 42, rate, at));
        waitingRoomRecord(WaitingRoomRecord.parking(EVENT, WaitingRoomRecord.PARKED, "wr-script",
                "address-crowd: 21 accounts joined from 192.0.2.9 within 60 s", at));
        for (int position = 1; position <= count; position++) {
            at = at.plusMillis((long) (1000 / rate));
            waitingRoomRecord(new WaitingRoomRecord(EVENT, WaitingRoomRecord.ADMITTED, "wr-buyer-" + position,
                    "ticket-" + position, position, 0, rate, at));
        }
        clock = at;
    }

    void waitingRoomRecord(WaitingRoomRecord record) {
        waitingRoomRecord(record, record.at());
    }

    /** The same, written at {@code written} (a step stamped with an earlier time than it was written at). */
    void waitingRoomRecord(WaitingRoomRecord record, Instant written) {
        topics.send(topics.names().waitingRoom(), EVENT, record, null, written);
    }

    private String id(String kind) {
        return kind + "-" + (++sequence) + "-" + start.toEpochMilli();
    }

    /** A granted hold. */
    record Sale(HoldRequested request, String holdId) {
    }
}
