package io.stagedoor.audit.evidence;

import java.util.Map;

/**
 * How much the audit read and how fast.
 *
 * @param recordsByTopic records read per topic
 * @param records        records read in all
 * @param elapsedMillis  wall time of the whole read, topics read side by side
 * @param recordsPerSecond records read per second of wall time
 */
public record ReadStats(Map<String, Long> recordsByTopic, long records, long elapsedMillis, long recordsPerSecond) {

    public ReadStats {
        recordsByTopic = Map.copyOf(recordsByTopic);
    }

    public static ReadStats of(Map<String, Long> recordsByTopic, long elapsedNanos) {
        long records = recordsByTopic.values().stream().mapToLong(Long::longValue).sum();
        long millis = Math.max(1, elapsedNanos / 1_000_000);
        long perSecond = elapsedNanos <= 0 ? records : (long) (records * 1e9 / elapsedNanos);
        return new ReadStats(recordsByTopic, records, millis, perSecond);
    }
}
