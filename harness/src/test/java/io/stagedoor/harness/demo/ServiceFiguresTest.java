package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.stagedoor.admission.metrics.AdmissionMeter;
import io.stagedoor.harness.scrape.Scrape;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the report says the service counted, read from a real Micrometer page as the demo reads the ingress's. */
class ServiceFiguresTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    @Test
    void theRedisCallsFailedOnOurOwnAccountOrByAnOutageAreNamedByUserAndWhy() {
        Counter limiterShed = counter(AdmissionMeter.SHED_DECISIONS.meterName(), AdmissionMeter.TAG_LIMIT,
                "buyer-seats");
        Counter roomShed = redisUser("waiting room", "shed");
        Counter keysOutage = redisUser("idempotency keys", "outage");
        Counter checkoutBound = counter(IngressMetrics.SHED, "reason", SaleHealth.CHECKOUT_BOUND_REASON);
        limiterShed.increment(2);
        roomShed.increment(5);
        ServiceFigures before = read();

        limiterShed.increment(4);
        keysOutage.increment(9);
        checkoutBound.increment(3);
        ServiceFigures during = read().since(before);

        // Counted before the sale: not the sale's; a counter that did not move is left out.
        assertThat(during.ownAccount()).containsOnly(Map.entry("limiter buyer-seats shed", 4L),
                Map.entry("idempotency keys outage", 9L));
        assertThat(during.shed()).containsEntry(SaleHealth.CHECKOUT_BOUND_REASON, 3L);
        assertThat(read().ownAccount()).containsEntry("waiting room shed", 5L)
                .containsEntry("limiter buyer-seats shed", 6L);
    }

    private ServiceFigures read() {
        return ServiceFigures.read(Scrape.parse(registry.scrape()));
    }

    private Counter redisUser(String user, String outcome) {
        return Counter.builder(AdmissionMeter.REDIS_USER_FAILURES.meterName()).tag(AdmissionMeter.TAG_USER, user)
                .tag(AdmissionMeter.TAG_OUTCOME, outcome).register(registry);
    }

    private Counter counter(String name, String tag, String value) {
        return Counter.builder(name).tag(tag, value).register(registry);
    }
}
