package io.stagedoor.harness.demo;

import io.stagedoor.topics.EventDefinition;
import java.time.Duration;
import java.util.Objects;

/**
 * The sizes and durations of a demo on-sale. The defaults ({@link #defaults()}) finish in about two minutes on a
 * 2-core machine.
 *
 * @param buyers        buyers in the crowd, the office included (default 2,000)
 * @param office        of them, buyers behind one office address (default 200)
 * @param concurrency   buyers shopping at once, at most (default 400)
 * @param entryRate     waiting-room entry rate, buyers per second, where the closed loop starts (default 20)
 * @param opensIn       from the first arrivals to the room's opening (default 3 s)
 * @param declineShare  share of checkouts paid with a card that is declined (default 0.05)
 * @param script        whether the hoarding script runs (default yes)
 * @param outageAfter   from the opening to the Redis outage (default 15 s)
 * @param outageFor     how long Redis stays down (default 10 s)
 * @param phones        scanner phones at the gate (default 4)
 * @param scans         tickets scanned at the gate, at most (default 300)
 * @param rescanShare   share of scanned tickets scanned a second time (default 0.1)
 * @param resultWait    the longest a client waits for one result (default 30 s)
 * @param seed          seed of every random choice (default 19)
 * @param maxSeatsPerBuyer seats one buyer may hold and buy of the event (default
 *                      {@value io.stagedoor.topics.EventDefinition#DEFAULT_MAX_SEATS_PER_BUYER})
 * @param entryLoop     whether the room's entry rate follows the closed loop between a floor and a ceiling rather
 *                      than staying at {@code entryRate} (default yes)
 * @param maxActive     the most admitted buyers shopping at once, the room's active cap (default 15; 0 for none): a
 *                      buyer stops being active on checking out, when their hold is released, or on leaving
 * @param e2eP99        the holds' POST-to-result p99 that {@code bench/run e2e} measured at the demo's hold rate,
 *                      for the report's ratio (default zero: not given, the report prints the e2e line to run)
 */
public record DemoSettings(int buyers, int office, int concurrency, double entryRate, Duration opensIn,
                           double declineShare, boolean script, Duration outageAfter, Duration outageFor, int phones,
                           int scans, double rescanShare, Duration resultWait, long seed, int maxSeatsPerBuyer,
                           boolean entryLoop, int maxActive, Duration e2eP99) {

    public DemoSettings {
        positive("buyers", buyers);
        positive("concurrency", concurrency);
        positive("phones", phones);
        positive("maxSeatsPerBuyer", maxSeatsPerBuyer);
        if (office < 0 || office > buyers) {
            throw new IllegalArgumentException("office must be between 0 and buyers (" + buyers + "), was " + office);
        }
        if (maxActive < 0) {
            throw new IllegalArgumentException("maxActive must not be negative, was " + maxActive);
        }
        if (scans < 0) {
            throw new IllegalArgumentException("scans must not be negative, was " + scans);
        }
        if (!(entryRate > 0)) {
            throw new IllegalArgumentException("entryRate must be positive, was " + entryRate);
        }
        share("declineShare", declineShare);
        share("rescanShare", rescanShare);
        notNegative("opensIn", opensIn);
        notNegative("outageAfter", outageAfter);
        notNegative("outageFor", outageFor);
        notNegative("resultWait", resultWait);
        notNegative("e2eP99", e2eP99);
    }

    /** The room's active cap by default. */
    public static final int DEFAULT_MAX_ACTIVE = 15;

    /** Settings with the default entry loop and active cap, and no e2e figure to compare with. */
    public DemoSettings(int buyers, int office, int concurrency, double entryRate, Duration opensIn,
                        double declineShare, boolean script, Duration outageAfter, Duration outageFor, int phones,
                        int scans, double rescanShare, Duration resultWait, long seed, int maxSeatsPerBuyer) {
        this(buyers, office, concurrency, entryRate, opensIn, declineShare, script, outageAfter, outageFor, phones,
                scans, rescanShare, resultWait, seed, maxSeatsPerBuyer, true, DEFAULT_MAX_ACTIVE, Duration.ZERO);
    }

    public static DemoSettings defaults() {
        return new DemoSettings(2_000, 200, 400, 20, Duration.ofSeconds(3), 0.05, true, Duration.ofSeconds(15),
                Duration.ofSeconds(10), 4, 300, 0.1, Duration.ofSeconds(30), 19,
                EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
    }

    /** The same settings, comparing the holds' p99 with {@code p99} of {@code bench/run e2e}. */
    public DemoSettings withE2eP99(Duration p99) {
        return new DemoSettings(buyers, office, concurrency, entryRate, opensIn, declineShare, script, outageAfter,
                outageFor, phones, scans, rescanShare, resultWait, seed, maxSeatsPerBuyer, entryLoop, maxActive, p99);
    }

    /** Whether the run stops Redis for a while. */
    public boolean outage() {
        return !outageFor.isZero();
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, was " + value);
        }
    }

    private static void share(String name, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be between 0 and 1, was " + value);
        }
    }

    private static void notNegative(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, was " + value);
        }
    }
}
