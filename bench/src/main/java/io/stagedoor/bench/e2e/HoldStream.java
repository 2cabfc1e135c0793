package io.stagedoor.bench.e2e;

import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.HttpRequests;
import io.stagedoor.bench.load.RequestSource;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One-seat holds that never collide: the n-th hold of the run takes seat {@code s(n / events + 1)} of event
 * {@code n mod events}, for buyer {@code n mod buyers}. Spread over many events (each with its own organizer,
 * whose limit is 200 holds/s) and many buyers (10, then 1 per 6 s each), so no limit refuses at the rates measured.
 */
final class HoldStream {

    private final HttpRequests http;
    private final List<String> events;
    private final int seatsPerEvent;
    private final BuyerPasses buyers;
    private final AtomicLong next = new AtomicLong();

    HoldStream(HttpRequests http, List<String> events, int seatsPerEvent, BuyerPasses buyers) {
        this.http = http;
        this.events = events;
        this.seatsPerEvent = seatsPerEvent;
        this.buyers = buyers;
    }

    RequestSource source() {
        return index -> {
            long n = next.getAndIncrement();
            String event = events.get((int) (n % events.size()));
            long seat = n / events.size() % seatsPerEvent + 1;
            return http.postJson("/v1/events/" + event + "/holds", buyers.token(n),
                    "{\"seats\":[\"s" + seat + "\"]}");
        };
    }

    /** Holds still possible before seats would be asked for twice. */
    long seatsLeft() {
        return (long) events.size() * seatsPerEvent - next.get();
    }
}
