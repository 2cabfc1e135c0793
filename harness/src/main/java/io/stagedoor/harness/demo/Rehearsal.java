package io.stagedoor.harness.demo;

import io.stagedoor.client.StagedoorClient;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.WaitingRoomSettings;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A small sale of an event of its own before the demo's, as an operator warms an instance before the doors open:
 * the same routes (room, holds, results, checkout, payment) from a crowd of up to {@link #BUYERS}, so that the
 * pipeline's JIT compilers have done their first work before the demo's crowd arrives. In a freshly started
 * pipeline they took about 40 % of its CPU during the opening burst, and the room's Redis calls overran their
 * timeout. Its buyers,
 * organizer and seats are its own, so it takes nothing from the demo's buckets or seats; its figures are not
 * reported, and the demo's window (its audit, its counters) starts after it.
 */
final class Rehearsal {

    static final String EVENT_ID = "stagedoor-rehearsal";
    static final String ORGANIZER_ID = "org-rehearsal";
    /** Buyers of the rehearsal, at most; a smaller demo rehearses with as many as it has. */
    static final int BUYERS = 200;
    static final int SEATS = 400;
    /** Its room admits its crowd over about five seconds: a burst at the room, a stream at the checkout. */
    static final double ENTRY_RATE = 40;
    static final Duration OPENS_IN = Duration.ofSeconds(2);

    private Rehearsal() {
    }

    /** The rehearsal's crowd for a demo of {@code demo}'s size. */
    static int buyers(DemoSettings demo) {
        return Math.min(BUYERS, demo.buyers());
    }

    /**
     * Defines the rehearsal event on {@code pipeline}, lets its crowd in and returns once every one of them is done.
     * Buyer {@code i}'s token is {@code tokens.apply("rehearsal-" + i)}.
     */
    static void play(DemoTarget pipeline, TopicNames topics, HttpClient http, DemoSettings demo,
                     Function<String, String> tokens) throws InterruptedException {
        Instant opensAt = Instant.now().plus(OPENS_IN);
        EventDefinition event = new EventDefinition(EVENT_ID, "Stagedoor Rehearsal", ORGANIZER_ID, opensAt, seats(),
                100, new WaitingRoomSettings(true, ENTRY_RATE, opensAt, WaitingRoomSettings.DEFAULT_PASS_LIFETIME),
                demo.maxSeatsPerBuyer());
        EventOpening.publish(pipeline.kafka(), topics, http, pipeline.base(), event);
        int buyers = buyers(demo);
        DemoSettings settings = DemoSettings.builder().buyers(buyers).office(0).concurrency(buyers)
                .entryRate(ENTRY_RATE).opensIn(Duration.ZERO).declineShare(demo.declineShare()).script(false)
                .outageAfter(Duration.ZERO).outageFor(Duration.ZERO).phones(1).scans(0).rescanShare(0)
                .resultWait(demo.resultWait()).seed(demo.seed()).maxSeatsPerBuyer(demo.maxSeatsPerBuyer()).build();
        CrowdTally unreported = new CrowdTally();
        try (StagedoorClient client = StagedoorClient.builder().baseUri(pipeline.base()).httpClient(http)
                .listener(unreported).build()) {
            Visit visit = new Visit(client, unreported, EVENT_ID, demo.resultWait());
            new Crowd(settings, buyer -> visit, buyer -> tokens.apply("rehearsal-" + buyer),
                    new SeatPicker(seats(), demo.seed()), unreported).run(opensAt);
        }
    }

    /** {@code R-1} … {@code R-400}. */
    static List<String> seats() {
        List<String> seats = new ArrayList<>(SEATS);
        for (int seat = 1; seat <= SEATS; seat++) {
            seats.add("R-" + seat);
        }
        return seats;
    }
}
