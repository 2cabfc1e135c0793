package io.stagedoor.bench.herd;

import io.stagedoor.admission.waitingroom.ActiveCap;
import io.stagedoor.admission.waitingroom.EntryRate;
import io.stagedoor.admission.waitingroom.QueueingMethod;
import io.stagedoor.admission.waitingroom.RoomCall;
import io.stagedoor.admission.waitingroom.RoomClaim;
import io.stagedoor.admission.waitingroom.RoomStore;
import io.stagedoor.bench.load.RedisCommandStats;

/**
 * How many commands Redis runs for one call of each room operation, measured on a room of its own after the run
 * (nothing else calls Redis then): what a join's batch, a view, an admission and a session's end each cost.
 *
 * @param reserve  one reserve (a batch of joins)
 * @param snapshot one snapshot (a view for every poll of one instance)
 * @param claim    one claim that admits
 * @param end      one session's end
 */
record CommandsPerCall(long reserve, long snapshot, long claim, long end) {

    static CommandsPerCall measure(RoomStore store, RedisCommandStats redis, long nowMillis) {
        String event = "herd-calibration";
        long opens = nowMillis - 10_000;
        java.util.function.LongFunction<RoomCall> at = millis -> new RoomCall(event, EntryRate.of(250), opens, 1,
                millis, 0, ActiveCap.NONE, 900_000, QueueingMethod.FIFO, 0);
        // The room's first call creates its keys and sets their expiry, as does its first admission: not what a
        // call costs after them. The frontier grows with time: the claims come a second after the places.
        store.snapshot(at.apply(nowMillis)).toCompletableFuture().join();
        long reserve = commands(redis, () -> store.reserve(at.apply(nowMillis), 100).toCompletableFuture().join());
        long snapshot = commands(redis, () -> store.snapshot(at.apply(nowMillis)).toCompletableFuture().join());
        long later = nowMillis + 1_000;
        store.claim(at.apply(later), new RoomClaim("t1", "b1", 1, opens, 0)).toCompletableFuture().join();
        long claim = commands(redis, () -> store.claim(at.apply(later), new RoomClaim("t2", "b2", 2, opens, 0))
                .toCompletableFuture().join());
        long end = commands(redis, () -> store.end(at.apply(later), "b2").toCompletableFuture().join());
        return new CommandsPerCall(reserve, snapshot, claim, end);
    }

    private static long commands(RedisCommandStats redis, Runnable call) {
        RedisCommandStats.Reading before = redis.read();
        call.run();
        return redis.read().since(before).commands();
    }
}
