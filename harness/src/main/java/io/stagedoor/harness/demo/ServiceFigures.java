package io.stagedoor.harness.demo;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.waitingroom.WaitingRoomMeter;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the service itself counted, read from the ingress's metrics: the decisions fallbacks took while Redis was
 * unavailable (per limit and outcome), the waiting-room operations answered in-process, and the 503s shed per
 * reason.
 *
 * @param fallbackDecisions {@code "buyer-seats admitted" -> 120}, ...
 * @param roomFallbacks     {@code "look" -> 300}, ...
 * @param shed              {@code "checkout-bound" -> 12}, ...
 */
record ServiceFigures(Map<String, Long> fallbackDecisions, Map<String, Long> roomFallbacks, Map<String, Long> shed) {

    static ServiceFigures read(MeterRegistry registry) {
        return new ServiceFigures(
                sum(registry, AdmissionMeter.FALLBACK_DECISIONS.meterName(), AdmissionMeter.TAG_LIMIT,
                        AdmissionMeter.TAG_OUTCOME),
                sum(registry, WaitingRoomMeter.FALLBACK.meterName(), WaitingRoomMeter.TAG_OPERATION, null),
                sum(registry, IngressMetrics.SHED, "reason", null));
    }

    long fallbackTotal() {
        return fallbackDecisions.values().stream().mapToLong(Long::longValue).sum();
    }

    long roomFallbackTotal() {
        return roomFallbacks.values().stream().mapToLong(Long::longValue).sum();
    }

    private static Map<String, Long> sum(MeterRegistry registry, String name, String tag, String secondTag) {
        Map<String, Long> counts = new TreeMap<>();
        for (Counter counter : registry.find(name).counters()) {
            String key = counter.getId().getTag(tag)
                    + (secondTag == null ? "" : " " + counter.getId().getTag(secondTag));
            counts.merge(key, (long) counter.count(), Long::sum);
        }
        counts.values().removeIf(count -> count == 0);
        return counts;
    }
}
