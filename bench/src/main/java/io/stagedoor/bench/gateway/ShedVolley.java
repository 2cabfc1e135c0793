package io.stagedoor.bench.gateway;

import io.stagedoor.bench.storm.Wrk;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The ingress with a tiny door, kept full by a few connections of fresh holds (each holds its permit until Kafka
 * acknowledges it), while a stream of holds for an event that does not exist meets it and a third wrk asks its bare
 * route on as many connections, all in the same volley. The stream's answers are the door's 503s (and a 404 when a
 * permit was free, answered as fast): what a shed costs, against the bare route's p99 in the same volley. Each
 * round first measures the bare route alone.
 */
final class ShedVolley {

    /** The event of the shed stream's holds: none, so what passes the door is refused at once. */
    private static final String NO_EVENT = "no-such-event";
    /** Connections of fresh holds that keep the door full. */
    private static final int FILL_CONNECTIONS = 8;

    private final Contender door;
    private final RoundMeter meter;
    private final RoundTable table;
    private final Wrk bareBeside;
    private final Wrk shed;
    private final Wrk fill;
    private final Peers peers;

    ShedVolley(Peers peers, Contender door, RoundMeter meter, RoundTable table, int bareConnections) {
        this.peers = peers;
        this.door = door;
        this.meter = meter;
        this.table = table;
        int port = door.wrks().get(Scenario.BARE).target().port();
        this.bareBeside = peers.wrk(Wrk.Target.get(IngressProcess.HOST, port, Peers.LIVE), 1, bareConnections);
        // as many connections as the bare route's: a p99 is a queue's, so the two compare only at the same depth;
        // holds of an event that does not exist, so a request that finds a permit free is answered at once (404)
        // and none is admitted (a spent buyer's refilled token would make the stream's p99 a Kafka round trip's)
        this.shed = peers.wrk(Wrk.Target.holds(port, "/v1/events/" + NO_EVENT + "/holds", Peers.SEAT), 1,
                bareConnections);
        this.fill = peers.wrk(door.wrks().get(Scenario.FRESH).target(), 1, FILL_CONNECTIONS);
    }

    /** Runs {@code rounds} rounds of {@code duration}; returns the fallback decisions counted meanwhile. */
    double run(int rounds, Duration duration) throws Exception {
        double fallbacks = 0;
        for (int r = 1; r <= rounds; r++) {
            RoundMeter.Figures alone = meter.measure(door, duration, bareBeside, peers.bareTokens());
            table.row("volley: bare alone", r, alone);
            List<RoundMeter.Figures> volley = meter.measure(door, duration, List.of(
                    new RoundMeter.Stream(shed, peers.freshTokens()),
                    new RoundMeter.Stream(fill, peers.freshTokens()),
                    new RoundMeter.Stream(bareBeside, peers.bareTokens())));
            table.row("volley: shed (no event)", r, volley.get(0));
            table.row("volley: fill (fresh holds)", r, volley.get(1));
            table.row("volley: bare beside", r, volley.get(2));
            table.note(String.format(Locale.ROOT, "shed p99 / bare route p99 in the same volley: %.2f (target <= 1.5);"
                            + " bare p99 beside the shedding / alone: %.2f (CPU per request divides by all three wrk's"
                            + " requests)", (double) volley.get(0).wrk().p99Micros() / volley.get(2).wrk().p99Micros(),
                    (double) volley.get(2).wrk().p99Micros() / alone.wrk().p99Micros()));
            fallbacks += alone.fallbacks() + volley.getFirst().fallbacks();
        }
        return fallbacks;
    }
}
