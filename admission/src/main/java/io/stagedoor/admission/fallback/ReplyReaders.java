package io.stagedoor.admission.fallback;

import java.time.Duration;

/**
 * The threads of this process that read Redis's replies off their connections (Lettuce's I/O event loops). A
 * deadline is meant to catch a Redis that does not answer, not a reader of ours that did not get a core: before the
 * {@link DeadlineSweeper} fails a call for its deadline, it asks the readers to catch up, and fails only the calls
 * still unanswered once every reader has read what had arrived.
 */
@FunctionalInterface
public interface ReplyReaders {

    /**
     * Runs {@code then} once every reader has read the replies that had reached its connections when it next polled
     * them, and {@code answering} has passed since on that reader (Redis's time to answer the commands the reader
     * wrote only while catching up), on whichever thread comes last; at once when there are no readers to wait for.
     * Never throws.
     */
    void afterPendingReads(Duration answering, Runnable then);

    /** Readers that are always caught up (replies completed where they arrive, as fakes and tests do): runs at once. */
    static ReplyReaders caughtUp() {
        return (answering, then) -> then.run();
    }
}
