package io.stagedoor.harness.demo;

import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.topics.EventDefinition;
import java.time.Duration;
import java.util.Objects;

/**
 * The sizes and durations of a demo on-sale. The defaults ({@link #defaults()}, stated on the {@link Builder}'s
 * methods) finish in about two minutes on a 2-core machine.
 *
 * @param buyers        buyers in the crowd, the office included
 * @param office        of them, buyers behind one office address
 * @param concurrency   buyers shopping at once, at most
 * @param entryRate     waiting-room entry rate, buyers per second, where the closed loop starts
 * @param opensIn       from the first arrivals to the room's opening
 * @param declineShare  share of checkouts paid with a card that is declined
 * @param script        whether the hoarding script runs
 * @param outageAfter   from the opening to the Redis outage
 * @param outageFor     how long Redis stays down
 * @param phones        scanner phones at the gate
 * @param scans         tickets scanned at the gate, at most
 * @param rescanShare   share of scanned tickets scanned a second time
 * @param resultWait    the longest a client waits for one result
 * @param seed          seed of every random choice
 * @param maxSeatsPerBuyer seats one buyer may hold and buy of the event
 * @param entryLoop     whether the room's entry rate follows the closed loop between a floor and a ceiling rather
 *                      than staying at {@code entryRate}
 * @param maxActive     the most admitted buyers shopping at once, the room's active cap (0 for none): a buyer stops
 *                      being active on checking out, when their hold is released, or on leaving
 * @param e2eP99        the holds' POST-to-result p99 that {@code bench/run e2e} measured at the demo's hold rate,
 *                      for the report's ratio (zero: not given, the report prints the e2e line to run)
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
            throw new IllegalArgumentException(HarnessMessages.officeOutOfRange(buyers, office));
        }
        if (maxActive < 0) {
            throw new IllegalArgumentException(HarnessMessages.negative("maxActive", maxActive));
        }
        if (scans < 0) {
            throw new IllegalArgumentException(HarnessMessages.negative("scans", scans));
        }
        if (!(entryRate > 0)) {
            throw new IllegalArgumentException(HarnessMessages.entryRateNotPositive(entryRate));
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

    /** Settings at every default until set. */
    public static Builder builder() {
        return new Builder();
    }

    /** The builder's defaults. */
    public static DemoSettings defaults() {
        return builder().build();
    }

    /** A builder holding every component of these settings. */
    public Builder toBuilder() {
        return builder().buyers(buyers).office(office).concurrency(concurrency).entryRate(entryRate).opensIn(opensIn)
                .declineShare(declineShare).script(script).outageAfter(outageAfter).outageFor(outageFor)
                .phones(phones).scans(scans).rescanShare(rescanShare).resultWait(resultWait).seed(seed)
                .maxSeatsPerBuyer(maxSeatsPerBuyer).entryLoop(entryLoop).maxActive(maxActive).e2eP99(e2eP99);
    }

    /** Whether the run stops Redis for a while. */
    public boolean outage() {
        return !outageFor.isZero();
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(HarnessMessages.belowOne(name, value));
        }
    }

    private static void share(String name, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException(HarnessMessages.shareOutOfRange(name, value));
        }
    }

    private static void notNegative(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative()) {
            throw new IllegalArgumentException(HarnessMessages.negative(name, value));
        }
    }

    /** Collects {@link DemoSettings}, one method per component; {@link #build()} validates. Not thread-safe. */
    public static final class Builder {

        private int buyers = 2_000;
        private int office = 200;
        private int concurrency = 400;
        private double entryRate = 20;
        private Duration opensIn = Duration.ofSeconds(3);
        private double declineShare = 0.05;
        private boolean script = true;
        private Duration outageAfter = Duration.ofSeconds(15);
        private Duration outageFor = Duration.ofSeconds(10);
        private int phones = 4;
        private int scans = 300;
        private double rescanShare = 0.1;
        private Duration resultWait = Duration.ofSeconds(30);
        private long seed = 19;
        private int maxSeatsPerBuyer = EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER;
        private boolean entryLoop = true;
        private int maxActive = DEFAULT_MAX_ACTIVE;
        private Duration e2eP99 = Duration.ZERO;

        private Builder() {
        }

        /** Buyers in the crowd, the office included (default 2,000). */
        public Builder buyers(int buyers) {
            this.buyers = buyers;
            return this;
        }

        /** Of them, buyers behind one office address (default 200). */
        public Builder office(int office) {
            this.office = office;
            return this;
        }

        /** Buyers shopping at once, at most (default 400). */
        public Builder concurrency(int concurrency) {
            this.concurrency = concurrency;
            return this;
        }

        /** Waiting-room entry rate, buyers per second, where the closed loop starts (default 20). */
        public Builder entryRate(double entryRate) {
            this.entryRate = entryRate;
            return this;
        }

        /** From the first arrivals to the room's opening (default 3 s). */
        public Builder opensIn(Duration opensIn) {
            this.opensIn = opensIn;
            return this;
        }

        /** Share of checkouts paid with a card that is declined (default 0.05). */
        public Builder declineShare(double declineShare) {
            this.declineShare = declineShare;
            return this;
        }

        /** Whether the hoarding script runs (default yes). */
        public Builder script(boolean script) {
            this.script = script;
            return this;
        }

        /** From the opening to the Redis outage (default 15 s). */
        public Builder outageAfter(Duration outageAfter) {
            this.outageAfter = outageAfter;
            return this;
        }

        /** How long Redis stays down (default 10 s; zero for no outage). */
        public Builder outageFor(Duration outageFor) {
            this.outageFor = outageFor;
            return this;
        }

        /** Scanner phones at the gate (default 4). */
        public Builder phones(int phones) {
            this.phones = phones;
            return this;
        }

        /** Tickets scanned at the gate, at most (default 300). */
        public Builder scans(int scans) {
            this.scans = scans;
            return this;
        }

        /** Share of scanned tickets scanned a second time (default 0.1). */
        public Builder rescanShare(double rescanShare) {
            this.rescanShare = rescanShare;
            return this;
        }

        /** The longest a client waits for one result (default 30 s). */
        public Builder resultWait(Duration resultWait) {
            this.resultWait = resultWait;
            return this;
        }

        /** Seed of every random choice (default 19). */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * Seats one buyer may hold and buy of the event (default
         * {@value io.stagedoor.topics.EventDefinition#DEFAULT_MAX_SEATS_PER_BUYER}).
         */
        public Builder maxSeatsPerBuyer(int maxSeatsPerBuyer) {
            this.maxSeatsPerBuyer = maxSeatsPerBuyer;
            return this;
        }

        /** Whether the room's entry rate follows the closed loop (default yes). */
        public Builder entryLoop(boolean entryLoop) {
            this.entryLoop = entryLoop;
            return this;
        }

        /** The room's active cap (default {@value DemoSettings#DEFAULT_MAX_ACTIVE}; 0 for none). */
        public Builder maxActive(int maxActive) {
            this.maxActive = maxActive;
            return this;
        }

        /** The p99 of {@code bench/run e2e} to compare the holds' p99 with (default zero: not given). */
        public Builder e2eP99(Duration e2eP99) {
            this.e2eP99 = e2eP99;
            return this;
        }

        public DemoSettings build() {
            return new DemoSettings(buyers, office, concurrency, entryRate, opensIn, declineShare, script,
                    outageAfter, outageFor, phones, scans, rescanShare, resultWait, seed, maxSeatsPerBuyer, entryLoop,
                    maxActive, e2eP99);
        }
    }
}
