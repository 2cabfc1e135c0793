package io.stagedoor.harness.chaos;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How big and how long a chaos run is. {@link #ci(Path)} fits a test suite (a minute or two in all);
 * {@link #night(Path, Duration)} is the larger run of {@code stagedoor chaos}, with the outages the issue names.
 *
 * @param runDir         where the parts keep their data and logs
 * @param load           how long the load runs in each scenario, the fault included
 * @param rate           buyers starting a hold-then-checkout per second
 * @param buyers         distinct buyers the load rotates through (each stays far below the buyer-seats limit)
 * @param partitions     partitions of each topic
 * @param gatewayLatency how long each simulated charge takes
 * @param redisDown      how long Redis stays dead (scenario 1)
 * @param brokerDown     how long the broker stays stopped (scenario 2)
 * @param workerDown     how long the killed worker stays dead (scenario 3)
 * @param ingressDown    how long the killed ingress stays dead (scenario 4)
 * @param redisDelay     the network delay added to Redis (scenario 5)
 * @param delayFor       how long the delay lasts (scenario 5)
 * @param badRequests    malformed requests sent (scenario 6)
 * @param resultWait     how long the load waits for one result before it counts as missing
 * @param seed           seeds the bad-input generator
 */
public record ChaosSettings(Path runDir, Duration load, int rate, int buyers, int partitions, Duration gatewayLatency,
                            Duration redisDown, Duration brokerDown, Duration workerDown, Duration ingressDown,
                            Duration redisDelay, Duration delayFor, int badRequests, Duration resultWait, long seed) {

    public ChaosSettings {
        Objects.requireNonNull(runDir, "runDir");
        if (rate < 1 || buyers < 1 || partitions < 1 || badRequests < 0) {
            throw new IllegalArgumentException("rate, buyers and partitions must be positive, badRequests not negative");
        }
        for (Duration d : new Duration[]{load, gatewayLatency, redisDown, brokerDown, workerDown, ingressDown,
                redisDelay, delayFor, resultWait}) {
            if (d == null || d.isNegative()) {
                throw new IllegalArgumentException("durations must not be negative");
            }
        }
    }

    /** The CI size: 8 s of load per scenario at 5 buyers/s, short outages, 2,000 bad requests. */
    public static ChaosSettings ci(Path runDir) {
        return new ChaosSettings(runDir, Duration.ofSeconds(8), 5, 200, 3, Duration.ofMillis(200),
                Duration.ofSeconds(3), Duration.ofSeconds(5), Duration.ofSeconds(2), Duration.ofSeconds(2),
                Duration.ofMillis(200), Duration.ofSeconds(3), 2_000, Duration.ofSeconds(90), 11);
    }

    /**
     * The night-sized run: {@code load} per scenario (at least 40 s) at 10 buyers/s; Redis dead 10 s, the broker
     * stopped 20 s, a worker and an ingress dead 5 s each, 200 ms to Redis for 15 s, 10,000 bad requests.
     */
    public static ChaosSettings night(Path runDir, Duration load) {
        Duration length = load.compareTo(Duration.ofSeconds(40)) < 0 ? Duration.ofSeconds(40) : load;
        return new ChaosSettings(runDir, length, 10, 600, 6, Duration.ofMillis(200),
                Duration.ofSeconds(10), Duration.ofSeconds(20), Duration.ofSeconds(5), Duration.ofSeconds(5),
                Duration.ofMillis(200), Duration.ofSeconds(15), 10_000, Duration.ofSeconds(120), 11);
    }

    /** The load before the fault: a quarter of it, the baseline latencies are measured there. */
    Duration baseline() {
        return load.dividedBy(4);
    }
}
