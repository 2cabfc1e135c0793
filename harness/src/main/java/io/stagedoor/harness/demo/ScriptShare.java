package io.stagedoor.harness.demo;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * How much of the house the hoarding script got, against what the buyer limit allows it and what a fair share is.
 *
 * @param holdsAccepted        holds the service accepted from it
 * @param seatsAccepted        seats in those holds
 * @param acceptedWhileDecided of the seats, those accepted while Redis decided (its bucket applied)
 * @param acceptedDuringOutage of the seats, those accepted while Redis was down and the limit failed open (or just
 *                             after, while the breaker probed)
 * @param allowance            the most seats its bucket can admit over the time it ran: the burst once per Redis
 *                             life (a restarted Redis is empty, so the bucket is full again) plus the refill
 * @param seatsHeld            seats its holds got from the inventory, which caps seats per buyer per event
 * @param seats                seats in the house
 * @param accounts             accounts on sale (the crowd and the script)
 * @param rejected             its holds the inventory rejected, by reason ({@code buyer-seat-limit} once it holds
 *                             the event's seat cap)
 */
record ScriptShare(long holdsAccepted, long seatsAccepted, long acceptedWhileDecided, long acceptedDuringOutage,
                   long allowance, long seatsHeld, int seats, int accounts, Map<String, Long> rejected) {

    ScriptShare {
        rejected = Collections.unmodifiableMap(new TreeMap<>(rejected)); // reason order, as the report prints it
    }

    /** Whether the bucket held: no more seats accepted while Redis decided than it allows. */
    boolean withinBucket() {
        return acceptedWhileDecided <= allowance;
    }

    /** Its holds the inventory rejected, whatever the reason. */
    long holdsRejected() {
        return rejected.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The script's share of the house, in percent. */
    double sharePercent() {
        return 100.0 * seatsHeld / seats;
    }

    /** Seats per account if the house were split evenly. */
    double fairSeats() {
        return (double) seats / accounts;
    }
}
