package io.stagedoor.bench.ingress;

import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.HttpRequests;
import io.stagedoor.bench.load.RequestSource;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The requests of each contender. Every POST is the same one-seat hold; only who sends it differs. Buyers of the
 * cold and admitted pools are used once each, across rounds (a pool that runs out wraps, which the benchmark
 * detects from the refusal-cache counter and reports).
 */
final class HoldTraffic {

    /** Buyers that always hit the refusal cache: one per connection, reused. */
    static final int WARM_BUYERS = 256;

    private final HttpRequests http;
    private final String holdPath;
    private final String body;
    private final BuyerPasses warm;
    private final BuyerPasses cold;
    private final BuyerPasses fresh;
    private final AtomicLong nextCold = new AtomicLong();
    private final AtomicLong nextFresh = new AtomicLong();

    HoldTraffic(HttpRequests http, String eventId, String seat, BuyerPasses warm, BuyerPasses cold, BuyerPasses fresh) {
        this.http = http;
        this.holdPath = "/v1/events/" + eventId + "/holds";
        this.body = "{\"seats\":[\"" + seat + "\"]}";
        this.warm = warm;
        this.cold = cold;
        this.fresh = fresh;
    }

    /** GET /health/live with the same bearer token header the holds carry: Jersey, no rings, no Redis, no Kafka. */
    RequestSource bare() {
        return index -> http.get("/health/live", warm.token(index));
    }

    /** A hold by a drained buyer this ingress already refused: answered from the refusal cache. */
    RequestSource refusedWarm() {
        return index -> http.postJson(holdPath, warm.token(index), body);
    }

    /** A hold by a drained buyer this ingress has not refused yet: one Redis call, then 429. */
    RequestSource refusedCold() {
        return index -> http.postJson(holdPath, cold.token(nextCold.getAndIncrement()), body);
    }

    /** A hold by a buyer with a token: one Redis take for buyer and organizer, a publish with acks=all, 202. */
    RequestSource admitted() {
        return index -> http.postJson(holdPath, fresh.token(nextFresh.getAndIncrement()), body);
    }

    long coldUsed() {
        return nextCold.get();
    }

    long freshUsed() {
        return nextFresh.get();
    }
}
