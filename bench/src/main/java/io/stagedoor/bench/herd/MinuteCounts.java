package io.stagedoor.bench.herd;

import io.stagedoor.bench.load.RedisCommandStats;

/** What the simulation counts within a minute, and the store's calls since the last one closed. */
final class MinuteCounts {

    /** A closed minute, waiting for its spread (known once the run is over). */
    record Closed(int minute, double seconds, long joins, long polls, long botPolls, long reserves, long snapshots,
                  long claims, long others, RedisCommandStats.Reading redis, long waiting, long admitted,
                  double estimateSeconds, double actualSeconds) {

        HerdMinute minute(long spreadP99) {
            return new HerdMinute(minute, joins / seconds, (polls - botPolls) / seconds, botPolls / seconds,
                    reserves / seconds, snapshots / seconds, claims / seconds, others / seconds,
                    redis == null ? -1 : redis.commands() / seconds,
                    redis == null ? -1 : redis.scriptMicros() / (seconds * 1e6),
                    redis == null ? -1 : redis.usedMemory(), waiting, admitted / seconds,
                    admitted == 0 ? 0 : estimateSeconds / admitted, admitted == 0 ? 0 : actualSeconds / admitted,
                    spreadP99);
        }
    }

    long joins;
    long polls;
    long botPolls;
    long admitted;
    long waiting;
    double estimateSeconds;
    double actualSeconds;
    private long reservesBefore;
    private long snapshotsBefore;
    private long claimsBefore;
    private long othersBefore;

    /** Closes minute {@code minute} of {@code seconds} seconds and starts the next (waiting buyers carry over). */
    Closed close(int minute, SpyStore store, long waitingNow, RedisCommandStats.Reading redis, double seconds) {
        long reserves = store.calls(SpyStore.Operation.RESERVE);
        long snapshots = store.calls(SpyStore.Operation.SNAPSHOT);
        long claims = store.calls(SpyStore.Operation.CLAIM);
        long others = store.calls(SpyStore.Operation.END) + store.calls(SpyStore.Operation.JOIN)
                + store.calls(SpyStore.Operation.LOOK) + store.calls(SpyStore.Operation.CONTROL)
                + store.calls(SpyStore.Operation.SESSION) + store.calls(SpyStore.Operation.DRAWN);
        Closed closed = new Closed(minute, seconds, joins, polls, botPolls, reserves - reservesBefore,
                snapshots - snapshotsBefore, claims - claimsBefore, others - othersBefore, redis, waitingNow, admitted,
                estimateSeconds, actualSeconds);
        reservesBefore = reserves;
        snapshotsBefore = snapshots;
        claimsBefore = claims;
        othersBefore = others;
        joins = 0;
        polls = 0;
        botPolls = 0;
        admitted = 0;
        estimateSeconds = 0;
        actualSeconds = 0;
        return closed;
    }
}
