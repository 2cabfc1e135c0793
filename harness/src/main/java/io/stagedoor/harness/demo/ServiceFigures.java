package io.stagedoor.harness.demo;

import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.admission.waitingroom.WaitingRoomMeter;
import io.stagedoor.harness.scrape.Scrape;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the service itself counted, read from the ingress's {@code /metrics} (it runs in another process): the
 * decisions fallbacks took while Redis was unavailable (per limit and outcome), the waiting-room operations answered
 * in-process, and the 503s shed per reason.
 *
 * @param fallbackDecisions {@code "buyer-seats admitted" -> 120}, ...
 * @param roomFallbacks     {@code "look" -> 300}, ...
 * @param shed              {@code "checkout-bound" -> 12}, ...
 * @param ownAccount        Redis calls failed on this process's own account or by an outage, per user:
 *                          {@code "limiter buyer-seats shed" -> 4} (decisions, two per hold),
 *                          {@code "waiting room shed" -> 30}, {@code "idempotency keys outage" -> 9}, ...
 */
record ServiceFigures(Map<String, Long> fallbackDecisions, Map<String, Long> roomFallbacks, Map<String, Long> shed,
                      Map<String, Long> ownAccount) {

    static ServiceFigures read(Scrape metrics) {
        Map<String, Long> ownAccount = new TreeMap<>();
        sum(metrics, AdmissionMeter.SHED_DECISIONS.meterName(), AdmissionMeter.TAG_LIMIT, null)
                .forEach((limit, count) -> ownAccount.put("limiter " + limit + " shed", count));
        ownAccount.putAll(sum(metrics, AdmissionMeter.REDIS_USER_FAILURES.meterName(), AdmissionMeter.TAG_USER,
                AdmissionMeter.TAG_OUTCOME));
        return new ServiceFigures(
                sum(metrics, AdmissionMeter.FALLBACK_DECISIONS.meterName(), AdmissionMeter.TAG_LIMIT,
                        AdmissionMeter.TAG_OUTCOME),
                sum(metrics, WaitingRoomMeter.FALLBACK.meterName(), WaitingRoomMeter.TAG_OPERATION, null),
                sum(metrics, IngressMetrics.SHED, "reason", null), ownAccount);
    }

    /** What was counted after {@code before}, an earlier reading of the same counters. */
    ServiceFigures since(ServiceFigures before) {
        return new ServiceFigures(minus(fallbackDecisions, before.fallbackDecisions),
                minus(roomFallbacks, before.roomFallbacks), minus(shed, before.shed),
                minus(ownAccount, before.ownAccount));
    }

    long fallbackTotal() {
        return fallbackDecisions.values().stream().mapToLong(Long::longValue).sum();
    }

    long roomFallbackTotal() {
        return roomFallbacks.values().stream().mapToLong(Long::longValue).sum();
    }

    private static Map<String, Long> minus(Map<String, Long> now, Map<String, Long> before) {
        Map<String, Long> counts = new TreeMap<>(now);
        before.forEach((key, count) -> counts.merge(key, -count, Long::sum));
        counts.values().removeIf(count -> count <= 0);
        return counts;
    }

    private static Map<String, Long> sum(Scrape metrics, String name, String tag, String secondTag) {
        Map<String, Long> counts = new TreeMap<>();
        for (Scrape.Sample series : metrics.counter(name)) {
            String key = series.tag(tag) + (secondTag == null ? "" : " " + series.tag(secondTag));
            counts.merge(key, (long) series.value(), Long::sum);
        }
        counts.values().removeIf(count -> count == 0);
        return counts;
    }
}
