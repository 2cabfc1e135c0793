package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.RedisCommandStats;
import java.util.Map;

/**
 * What one phase of the run did and cost: the crowd's requests and outcomes, Redis's commands (its scripts' own
 * included) and memory, the CPU of each process, and the latencies of each route.
 *
 * @param name          the phase
 * @param seconds       how long it lasted
 * @param counts        the crowd's answered joins, polls and holds, and buyers joined, admitted and ended in it
 * @param redis         Redis's commands, script calls and their microseconds in it; memory at its end
 * @param memoryBefore  Redis's used memory at its start, in bytes
 * @param cpu           CPU each process used in it
 * @param latencies     each route's latencies in it
 * @param complete      false when the run's deadline stopped it
 */
record PhaseFigures(String name, double seconds, Crowd.Counts counts, RedisCommandStats.Reading redis,
                    long memoryBefore, Cpu cpu, Map<LatencyLog.Route, LatencyLog.Latencies> latencies, boolean complete) {

    /**
     * CPU time per process, in nanoseconds.
     *
     * @param ingress both ingress JVMs
     * @param nginx   nginx's master and workers
     * @param redis   Redis, from its own INFO
     * @param backend the backend JVM: Kafka and the workers
     * @param driver  this JVM: the crowd, the probe and the meters
     */
    record Cpu(long ingress, long nginx, long redis, long backend, long driver) {

        Cpu minus(Cpu earlier) {
            return new Cpu(ingress - earlier.ingress, nginx - earlier.nginx, redis - earlier.redis,
                    backend - earlier.backend, driver - earlier.driver);
        }
    }

    /** Requests the ingresses answered for the crowd and the probe. */
    long requests() {
        return counts.joins() + counts.polls() + counts.holds() + latencies.get(LatencyLog.Route.BARE).count();
    }

    double perSecond(long count) {
        return seconds <= 0 ? Double.NaN : count / seconds;
    }

    double commandsPerSecond() {
        return perSecond(redis.commands());
    }

    /** {@code value / count}, NaN for none. */
    static double per(double value, long count) {
        return count == 0 ? Double.NaN : value / count;
    }

    /** Growth of Redis's used memory over the phase, in bytes (negative when it shrank). */
    long memoryGrowth() {
        return redis.usedMemory() - memoryBefore;
    }
}
