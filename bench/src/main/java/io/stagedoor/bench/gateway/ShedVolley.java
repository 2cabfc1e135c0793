package io.stagedoor.bench.gateway;

import io.stagedoor.bench.storm.Wrk;
import java.time.Duration;
import java.util.List;

/**
 * The ingress with a tiny door under fresh holds, so most answers are 503, while a second wrk asks its bare route
 * in the same volley: what shedding costs the requests it does not shed. Each round first measures the bare route
 * alone, then the volley.
 */
final class ShedVolley {

    private final Contender door;
    private final RoundMeter meter;
    private final RoundTable table;
    private final Wrk bareBeside;
    private final Peers peers;

    ShedVolley(Peers peers, Contender door, RoundMeter meter, RoundTable table, int bareConnections) {
        this.peers = peers;
        this.door = door;
        this.meter = meter;
        this.table = table;
        Wrk.Target live = Wrk.Target.get(IngressProcess.HOST, portOf(door), Peers.LIVE);
        this.bareBeside = peers.wrk(live, 1, bareConnections);
    }

    /** Runs {@code rounds} rounds of {@code duration}; returns the fallback decisions counted meanwhile. */
    double run(int rounds, Duration duration) throws Exception {
        double fallbacks = 0;
        for (int r = 1; r <= rounds; r++) {
            RoundMeter.Figures alone = meter.measure(door, duration, bareBeside, peers.bareTokens(), null, null)
                    .getFirst();
            table.row("shed volley: bare alone", r, alone);
            List<RoundMeter.Figures> volley = meter.measure(door, duration, door.wrks().get(Scenario.FRESH),
                    peers.freshTokens(), bareBeside, peers.bareTokens());
            table.row("shed volley: fresh holds", r, volley.get(0));
            table.row("shed volley: bare beside", r, volley.get(1));
            table.note(String.format(java.util.Locale.ROOT, "bare route p99 beside the shedding / alone: %.2f "
                            + "(CPU per request in the volley divides by both wrk's requests)",
                    (double) volley.get(1).wrk().p99Micros() / alone.wrk().p99Micros()));
            fallbacks += alone.fallbacks() + volley.getFirst().fallbacks();
        }
        return fallbacks;
    }

    private static int portOf(Contender door) {
        return door.wrks().get(Scenario.BARE).target().port();
    }
}
