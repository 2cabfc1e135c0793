package io.stagedoor.harness.demo;

import java.util.Locale;

/** Where the on-sale stands, as the progress line and the report name it. */
public enum Phase {
    /** The pipeline starts and the event is defined. */
    STARTING,
    /** A small sale of a rehearsal event warms the pipeline; not reported. */
    REHEARSAL,
    /** Buyers join the waiting room before it opens. */
    QUEUEING,
    /** The room admits buyers; they hold and pay. */
    ON_SALE,
    /** Redis is stopped: fallbacks decide. */
    REDIS_DOWN,
    /** Doors open: scanner phones check the tickets sold. */
    AT_THE_GATE,
    /** The topics of the run are replayed and judged. */
    AUDIT,
    /** Finished. */
    DONE;

    /** The name on the terminal: {@code on-sale}, {@code redis-down}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
