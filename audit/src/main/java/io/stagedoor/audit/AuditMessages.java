package io.stagedoor.audit;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** Every sentence the audit writes about a record or a bad argument, in one place so tests can assert on it. */
public final class AuditMessages {

    private AuditMessages() {
    }

    // arguments

    public static String windowBackwards(Instant from, Instant to) {
        return "--to (" + to + ") is before --from (" + from + ")";
    }

    public static String negativeDuration(Duration duration) {
        return "a duration must not be negative, was " + duration;
    }

    public static String negativeMaxOffenses(int maxOffenses) {
        return "maxOffenses must not be negative, was " + maxOffenses;
    }

    public static String unknownCheck(String name) {
        return "no check named " + name;
    }

    public static String badTime(String text) {
        return "'" + text + "' is neither an ISO-8601 instant (2026-11-30T19:00:00Z) nor a duration back from now"
                + " (90s, 15m, 2h, 1d, PT15M)";
    }

    // one result per request

    public static String missingResult(String kind, String correlationId) {
        return "the " + kind + " " + correlationId + " has no result";
    }

    public static String duplicateResults(String correlationId, int count, List<String> records) {
        return correlationId + " has " + count + " results: " + String.join(", ", records);
    }

    public static String resultWithoutRequest(String correlationId) {
        return "the result " + correlationId + " answers no request published in the window";
    }

    // seats

    public static String heldTwice(String seat, String holder, String otherHold) {
        return "seat " + seat + " held by " + otherHold + " while " + holder + " still held it";
    }

    public static String heldWhileSold(String seat, String buyerHold, String otherHold) {
        return "seat " + seat + " held by " + otherHold + " after " + buyerHold + " bought it";
    }

    public static String soldTwice(String seat, String firstHold, String secondHold) {
        return "seat " + seat + " sold to " + secondHold + " after it was sold to " + firstHold;
    }

    public static String soldWhileHeldByAnother(String seat, String holder, String seller) {
        return "seat " + seat + " sold to " + seller + " while " + holder + " held it";
    }

    public static String soldWithoutHold(String seat, String seller) {
        return "seat " + seat + " sold to " + seller + " without being held by it";
    }

    public static String soldSeatReleased(String seat, String buyerHold, String releaser) {
        return "seat " + seat + " sold to " + buyerHold + " became available again through " + releaser;
    }

    public static String releasedByStranger(String seat, String holder, String releaser) {
        return "seat " + seat + " held by " + holder + " was released by " + releaser;
    }

    public static String overSeatCap(String buyer, String eventId, int seats, int cap, String holdId) {
        return "buyer " + buyer + " held or bought " + seats + " seats of " + eventId + " once " + holdId
                + " was granted, past the event's cap of " + cap;
    }

    // payments

    public static String soldWithoutPayment(String holdId) {
        return "hold " + holdId + " was sold with no approved payment that was not voided";
    }

    public static String soldWithoutOwnPayment(String holdId, String correlationId, String why) {
        return "hold " + holdId + " was sold on payment " + correlationId + ", which was not made for it: " + why;
    }

    public static String soldWithPayments(String holdId, List<String> correlationIds) {
        return "hold " + holdId + " was sold once but paid " + correlationIds.size() + " times: "
                + String.join(", ", correlationIds);
    }

    public static String approvedWithoutSale(String correlationId, String holdId) {
        return "payment " + correlationId + " was approved for hold " + holdId + ", which was neither sold nor voided";
    }

    // limits

    public static String overAdmitted(String limit, String key, long cost, long tokens, long capacity,
                                      long refillTokens, long refillPeriodMillis) {
        return limit + " " + key + " admitted a cost of " + cost + " when the replayed bucket held " + tokens
                + " token(s) (burst " + capacity + ", " + refillTokens + " per " + refillPeriodMillis + " ms)";
    }

    public static String invalidPolicy(String limit, String key, String why) {
        return limit + " " + key + " recorded a policy no bucket can have: " + why;
    }

    // waiting room

    public static String placedAheadOfEarlierJoin(String eventId, long position, long earlier, Duration slack) {
        return "event " + eventId + " gave a join place " + position + ", ahead of place " + earlier
                + " given to a join more than " + slack.toMillis() + " ms earlier";
    }

    public static String notTheDrawnPlace(String eventId, String buyerId, long position, long drawn, long start,
                                          long count) {
        return "event " + eventId + " admitted " + buyerId + " at place " + position + ", but their draw in the "
                + count + " places from " + start + " is place " + drawn;
    }

    public static String aheadOfRate(String eventId, long position, double ahead, double rate) {
        return String.format(java.util.Locale.ROOT,
                "event %s admitted position %d, %.1f places beyond what %.1f buyers/s allowed", eventId, position,
                ahead, rate);
    }

    public static String presaleRegistrantsOff(String eventId, long counted, long recorded) {
        return "the presale lottery of " + eventId + " counted " + counted + " registrants; the record holds " + recorded;
    }

    public static String presaleUnearnedCode(String eventId, String accountId) {
        return "account " + accountId + " was granted a code in the presale draw of " + eventId
                + " but did not win it again from the seed and the registrations";
    }

    public static String presaleWinnerWithoutCode(String eventId, String accountId) {
        return "account " + accountId + " won the presale draw of " + eventId + " again but no code was recorded for it";
    }

    public static String presaleWaitListOutOfOrder(String eventId, String accountId) {
        return "account " + accountId + " was passed a code of " + eventId + " out of the wait-list's lottery order";
    }

    public static String presaleCodeNeverGranted(String eventId, String accountId) {
        return "account " + accountId + " used a presale code of " + eventId + " it was never granted";
    }

    public static String presaleCodeUsedTwice(String eventId, String accountId) {
        return "account " + accountId + " used its presale code of " + eventId + " for a second session";
    }

    public static String laneRateOffShare(String room, double rate, java.util.List<Double> allowed) {
        return "lane room " + room + " ran at " + rate + " a second; its share gives one of " + allowed;
    }

    public static String placeWhileParked(String eventId, String buyerId, long position) {
        return "buyer " + buyerId + " was given place " + position + " in the room of " + eventId
                + " while parked";
    }

    public static String activeOverCap(String eventId, long active, int cap) {
        return "event " + eventId + " had " + active + " buyers active, over its cap of " + cap;
    }

    public static String admittedTwice(String eventId, String ticket) {
        return "event " + eventId + " admitted ticket " + ticket + " twice";
    }

    // unreadable

    public static String unreadable(String reason) {
        return "unreadable: " + reason;
    }

    public static String notAJsonObject() {
        return "not a JSON object";
    }

    public static String missingField(String name) {
        return "no " + name;
    }

    public static String notAWholeNumber(String text) {
        return "not a whole number: " + text;
    }

    public static String notAnInstant(String text) {
        return "not an ISO-8601 instant: " + text;
    }

    public static String tombstone() {
        return "a tombstone where a record was expected";
    }

    /** A void of a payment that names no payment: neither a record key nor a correlation-id header. */
    public static String voidWithoutKey() {
        return "a void with neither a key nor a correlation-id header";
    }

    public static String interruptedReading() {
        return "interrupted while reading the topics";
    }

    // command

    public static String cannotAudit(String why) {
        return "audit failed before judging anything: " + why;
    }

    /** @param format {@code JSON} or {@code HTML} */
    public static String cannotWriteReport(String format, Path file) {
        return "cannot write the " + format + " report to " + file;
    }

    public static String rateStepWithoutInputs(String eventId) {
        return "event " + eventId + " has a rate step without the inputs that decided it";
    }

    public static String rateStepBounds(String eventId, double floor, double ceiling, double configuredFloor,
                                        double configuredCeiling) {
        return "event " + eventId + " was stepped between " + floor + " and " + ceiling
                + " buyers/s, but its loop is configured between " + configuredFloor + " and " + configuredCeiling;
    }

    public static String rateStepNotReplayed(String eventId, double from, double to, String reason, double replayed,
                                             String replayedReason) {
        return "event " + eventId + "'s rate went from " + from + " to " + to + " (" + reason
                + "), but its recorded inputs give " + replayed + " (" + replayedReason + ")";
    }

    public static String rateStepNotTaken(String eventId, double stepped, double set) {
        return "event " + eventId + "'s loop stepped the rate to " + stepped + " but the room last set " + set;
    }

    public static String rateStepFromElsewhere(String eventId, double from, double set) {
        return "event " + eventId + "'s loop stepped from " + from + " but the room's rate was " + set;
    }
}
