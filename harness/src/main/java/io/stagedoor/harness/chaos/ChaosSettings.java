package io.stagedoor.harness.chaos;

import io.stagedoor.harness.HarnessMessages;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * How big and how long a chaos run is. {@link #ci(Path)} fits a test suite (a minute or two in all);
 * {@link #night(Path, Duration)} is the larger run of {@code stagedoor chaos}, with the outages the issue names.
 * The {@link Builder}'s methods state each default.
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
            throw new IllegalArgumentException(HarnessMessages.chaosCountsOutOfRange());
        }
        for (Duration d : new Duration[]{load, gatewayLatency, redisDown, brokerDown, workerDown, ingressDown,
                redisDelay, delayFor, resultWait}) {
            if (d == null || d.isNegative()) {
                throw new IllegalArgumentException(HarnessMessages.negativeDurations());
            }
        }
    }

    /** Settings in {@code runDir}, every other component at the CI size until set: {@link #ci(Path)}. */
    public static Builder builder(Path runDir) {
        return new Builder(runDir);
    }

    /** A builder holding every component of these settings. */
    public Builder toBuilder() {
        return builder(runDir).load(load).rate(rate).buyers(buyers).partitions(partitions)
                .gatewayLatency(gatewayLatency).redisDown(redisDown).brokerDown(brokerDown).workerDown(workerDown)
                .ingressDown(ingressDown).redisDelay(redisDelay).delayFor(delayFor).badRequests(badRequests)
                .resultWait(resultWait).seed(seed);
    }

    /** The CI size, the builder's defaults: a minute or two in all. */
    public static ChaosSettings ci(Path runDir) {
        return builder(runDir).build();
    }

    /**
     * The night-sized run: {@code load} per scenario (at least 40 s) at 10 buyers/s; Redis dead 10 s, the broker
     * stopped 20 s, a worker and an ingress dead 5 s each, Redis delayed as in CI for 15 s, 10,000 bad
     * requests.
     */
    public static ChaosSettings night(Path runDir, Duration load) {
        Duration length = load.compareTo(Duration.ofSeconds(40)) < 0 ? Duration.ofSeconds(40) : load;
        return builder(runDir).load(length).rate(10).buyers(600).partitions(6)
                .redisDown(Duration.ofSeconds(10)).brokerDown(Duration.ofSeconds(20))
                .workerDown(Duration.ofSeconds(5)).ingressDown(Duration.ofSeconds(5))
                .delayFor(Duration.ofSeconds(15)).badRequests(10_000).resultWait(Duration.ofSeconds(120)).build();
    }

    /** The load before the fault: a quarter of it, the baseline latencies are measured there. */
    Duration baseline() {
        return load.dividedBy(4);
    }

    /** Collects {@link ChaosSettings}, one method per component; {@link #build()} validates. Not thread-safe. */
    public static final class Builder {

        private Path runDir;
        private Duration load = Duration.ofSeconds(8);
        private int rate = 5;
        private int buyers = 200;
        private int partitions = 3;
        private Duration gatewayLatency = Duration.ofMillis(200);
        private Duration redisDown = Duration.ofSeconds(3);
        private Duration brokerDown = Duration.ofSeconds(5);
        private Duration workerDown = Duration.ofSeconds(2);
        private Duration ingressDown = Duration.ofSeconds(2);
        private Duration redisDelay = Duration.ofMillis(200);
        private Duration delayFor = Duration.ofSeconds(3);
        private int badRequests = 2_000;
        private Duration resultWait = Duration.ofSeconds(90);
        private long seed = 11;

        private Builder(Path runDir) {
            this.runDir = runDir;
        }

        /** Where the parts keep their data and logs. */
        public Builder runDir(Path runDir) {
            this.runDir = runDir;
            return this;
        }

        /** How long the load runs in each scenario, the fault included (default 8 s). */
        public Builder load(Duration load) {
            this.load = load;
            return this;
        }

        /** Buyers starting a hold-then-checkout per second (default 5). */
        public Builder rate(int rate) {
            this.rate = rate;
            return this;
        }

        /** Distinct buyers the load rotates through (default 200). */
        public Builder buyers(int buyers) {
            this.buyers = buyers;
            return this;
        }

        /** Partitions of each topic (default 3). */
        public Builder partitions(int partitions) {
            this.partitions = partitions;
            return this;
        }

        /** How long each simulated charge takes (default 200 ms). */
        public Builder gatewayLatency(Duration gatewayLatency) {
            this.gatewayLatency = gatewayLatency;
            return this;
        }

        /** How long Redis stays dead in scenario 1 (default 3 s). */
        public Builder redisDown(Duration redisDown) {
            this.redisDown = redisDown;
            return this;
        }

        /** How long the broker stays stopped in scenario 2 (default 5 s). */
        public Builder brokerDown(Duration brokerDown) {
            this.brokerDown = brokerDown;
            return this;
        }

        /** How long the killed worker stays dead in scenario 3 (default 2 s). */
        public Builder workerDown(Duration workerDown) {
            this.workerDown = workerDown;
            return this;
        }

        /** How long the killed ingress stays dead in scenario 4 (default 2 s). */
        public Builder ingressDown(Duration ingressDown) {
            this.ingressDown = ingressDown;
            return this;
        }

        /** The network delay added to Redis in scenario 5 (default 200 ms). */
        public Builder redisDelay(Duration redisDelay) {
            this.redisDelay = redisDelay;
            return this;
        }

        /** How long the delay of scenario 5 lasts (default 3 s). */
        public Builder delayFor(Duration delayFor) {
            this.delayFor = delayFor;
            return this;
        }

        /** Malformed requests sent in scenario 6 (default 2,000). */
        public Builder badRequests(int badRequests) {
            this.badRequests = badRequests;
            return this;
        }

        /** How long the load waits for one result before it counts as missing (default 90 s). */
        public Builder resultWait(Duration resultWait) {
            this.resultWait = resultWait;
            return this;
        }

        /** Seeds the bad-input generator (default 11). */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public ChaosSettings build() {
            return new ChaosSettings(runDir, load, rate, buyers, partitions, gatewayLatency, redisDown, brokerDown,
                    workerDown, ingressDown, redisDelay, delayFor, badRequests, resultWait, seed);
        }
    }
}
