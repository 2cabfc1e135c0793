package io.stagedoor.bench.gateway;

import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.harness.scrape.MetricsPage;
import java.io.IOException;

/**
 * A counter of an ingress in another process, read from its admin listener's {@code /metrics} (the harness's
 * {@link MetricsPage}): the sum of every series of the counter, whatever its tags.
 */
final class AdminMetrics {

    /** Decisions a limiter's fallback took: while Redis is up, none may be. */
    static final String FALLBACKS = AdmissionMeter.FALLBACK_DECISIONS.meterName();

    private final MetricsPage page;

    AdminMetrics(String host, int adminPort) {
        this.page = new MetricsPage(host, adminPort);
    }

    /** The sum of the counter Micrometer registered as {@code meterName}; 0 when it counted nothing yet. */
    double sum(String meterName) throws IOException, InterruptedException {
        return page.read().counterSum(meterName);
    }
}
