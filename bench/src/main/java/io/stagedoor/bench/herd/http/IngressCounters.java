package io.stagedoor.bench.herd.http;

import io.stagedoor.admission.waitingroom.WaitingRoomMeter;
import io.stagedoor.bench.gateway.IngressProcess;
import io.stagedoor.harness.scrape.MetricsPage;
import io.stagedoor.harness.scrape.Scrape;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the ingresses counted themselves, from each one's {@code /metrics} on its admin listener: requests shed with a
 * 503, by reason, and waiting-room operations answered in-process ({@code stagedoor.waitingroom.fallback}), which
 * must stay 0 while Redis is up.
 */
final class IngressCounters {

    private IngressCounters() {
    }

    /** One line: sheds by reason and route summed over the instances, and their room fallbacks. */
    static String describe(List<IngressProcess> ingresses) throws IOException, InterruptedException {
        Map<String, Double> sheds = new TreeMap<>();
        double fallbacks = 0;
        for (IngressProcess ingress : ingresses) {
            Scrape page = new MetricsPage(IngressProcess.HOST, ingress.adminPort()).read();
            for (Scrape.Sample shed : page.counter(IngressMetrics.SHED)) {
                sheds.merge(shed.tag("reason") + " " + shed.tag("route"), shed.value(), Double::sum);
            }
            fallbacks += page.counterSum(WaitingRoomMeter.FALLBACK.meterName());
        }
        StringBuilder line = new StringBuilder("ingress counters (both instances): 503 sheds ");
        line.append(sheds.isEmpty() ? "none" : "");
        sheds.forEach((what, count) -> line.append(String.format(java.util.Locale.ROOT, "[%s] %.0f ", what, count)));
        line.append(String.format(java.util.Locale.ROOT, "; waiting-room fallback operations %.0f (target 0 while "
                + "Redis is up: %s)", fallbacks, fallbacks == 0 ? "met" : "NOT met"));
        return line.toString();
    }
}
