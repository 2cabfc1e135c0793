package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.Flags;
import java.time.Duration;

/**
 * The run's sizes, from its flags (defaults in brackets): {@code --buyers} distinct buyers [200000] joining at
 * {@code --join-rate} a second [3000] into a room admitting {@code --rate} a second [2000]; {@code --connections}
 * from the crowd to nginx [256]; {@code --idle-seconds} of nothing before the joins [5] and {@code --poll-seconds}
 * of polls alone after them [30], the room paused for both; {@code --bare-rate} probes of the bare route a second
 * [20]; {@code --warmup-buyers} through a room of their own first [20000], the first {@code --warmup-holds} of
 * them admitted then holding a seat each [5000]; {@code --ingresses} [2] of {@code --heap} each [1g]; and
 * {@code --deadline-minutes} for the whole run [20]. At saturation, after the admission: {@code --rush-buyers} fresh
 * buyers [60000] join a paused room of their own all at once over {@code --rush-connections} [640], for at most
 * {@code --rush-seconds} [10]; then the first {@code --hold-buyers} admitted [20000] hold a seat each all at once over
 * {@code --connections}, for at most {@code --hold-seconds} [15]. Every room queues as {@code --queueing} says [fifo; or random]. A join waits for its instance's join window (100 ms)
 * before it is answered, so joins in flight, not CPU, bound a closed loop: 256 connections take at most about 2,500
 * joins a second; 640 stay under the instances' 400 requests in flight each.
 */
record HerdHttpSettings(int buyers, double joinRate, double rate, int connections, Duration idle, Duration pollOnly,
                        double bareRate, int warmupBuyers, int ingresses, String heap, Duration deadline,
                        int warmupHolds, int rushBuyers, int rushConnections, Duration rushLength, int holdBuyers,
                        Duration holdLength, String queueing) {

    HerdHttpSettings {
        if (buyers < 1 || warmupBuyers < 0 || connections < 1 || rushConnections < 1 || ingresses < 1) {
            throw new IllegalArgumentException("--buyers, --connections, --rush-connections and --ingresses must be at "
                    + "least 1, --warmup-buyers at least 0");
        }
        if (warmupHolds < 0 || rushBuyers < 0 || holdBuyers < 0) {
            throw new IllegalArgumentException("--warmup-holds, --rush-buyers and --hold-buyers must be at least 0");
        }
        if (rushLength.isNegative() || rushLength.isZero() || holdLength.isNegative() || holdLength.isZero()) {
            throw new IllegalArgumentException("--rush-seconds and --hold-seconds must be positive");
        }
        if (!"fifo".equals(queueing) && !"random".equals(queueing)) {
            throw new IllegalArgumentException("--queueing must be fifo or random, was " + queueing);
        }
        if (!(joinRate > 0) || !(rate > 0) || !(bareRate > 0)) {
            throw new IllegalArgumentException("--join-rate, --rate and --bare-rate must be positive");
        }
    }

    static HerdHttpSettings read(Flags flags) {
        return new HerdHttpSettings(flags.integer("buyers", 200_000), flags.decimal("join-rate", 3_000),
                flags.decimal("rate", 2_000), flags.integer("connections", 256), flags.seconds("idle-seconds", 5),
                flags.seconds("poll-seconds", 30), flags.decimal("bare-rate", 20), flags.integer("warmup-buyers", 20_000),
                flags.integer("ingresses", 2), flags.text("heap", "1g"),
                Duration.ofMinutes(flags.integer("deadline-minutes", 20)), flags.integer("warmup-holds", 5_000),
                flags.integer("rush-buyers", 60_000), flags.integer("rush-connections", 640),
                flags.seconds("rush-seconds", 10),
                flags.integer("hold-buyers", 20_000), flags.seconds("hold-seconds", 15), flags.text("queueing", "fifo"));
    }

    /** Seats of a room's event: one for each buyer who will hold there, and at least 100. */
    static int seatsFor(int holders) {
        return Math.max(100, holders);
    }

    /** How long the joins may take: three times their schedule and a minute. */
    Duration joinsAllowed() {
        return Duration.ofMillis(Math.round(buyers * 3_000 / joinRate)).plusMinutes(1);
    }

    /** How long admitting everyone may take: three times the rate's time for them and two minutes. */
    Duration admissionAllowed() {
        return Duration.ofMillis(Math.round(buyers * 3_000 / rate)).plusMinutes(2);
    }
}
