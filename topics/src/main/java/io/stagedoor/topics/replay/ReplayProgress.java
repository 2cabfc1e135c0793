package io.stagedoor.topics.replay;

/**
 * Told how far a replay has come. Called on the reading thread, every few thousand records and once at the end;
 * it must return quickly.
 */
@FunctionalInterface
public interface ReplayProgress {

    /** Tells nobody. */
    ReplayProgress NONE = (topic, read, total) -> { };

    /**
     * @param topic the topic being read
     * @param read  offsets of the range consumed so far (records, plus transaction markers and aborted records
     *              skipped)
     * @param total offsets in the whole range; {@code read == total} at the end
     */
    void advanced(String topic, long read, long total);
}
