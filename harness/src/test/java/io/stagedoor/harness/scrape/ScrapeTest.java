package io.stagedoor.harness.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

class ScrapeTest {

    @Test
    void findsACounterOfAMicrometerRegistryByItsMicrometerNameAndTags() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Counter.builder("stagedoor.ingress.shed").tag("reason", "checkout-bound").tag("route", "checkout")
                .register(registry).increment(3);
        Counter.builder("stagedoor.ingress.shed").tag("reason", "door").tag("route", "holds")
                .register(registry).increment(2);
        Counter.builder("stagedoor.ingress.shed.other").register(registry).increment(100);

        Scrape scrape = Scrape.parse(registry.scrape());

        assertThat(scrape.counterSum("stagedoor.ingress.shed")).isEqualTo(5.0);
        assertThat(scrape.counter("stagedoor.ingress.shed"))
                .anyMatch(series -> series.tag("reason").equals("checkout-bound") && series.value() == 3.0);
        assertThat(scrape.counterSum("stagedoor.not.registered")).isZero();
    }

    @Test
    void readsEscapedLabelValuesAndSkipsWhatItCannotRead() {
        Scrape scrape = Scrape.parse("""
                # HELP a_total something
                a_total{k="say \\"hi\\", then \\\\",other="x"} 2.0
                a_total{broken 1.0
                a_total 3.0 1700000000000
                a_total{k="v"} NaN
                """);

        assertThat(scrape.counter("a")).extracting(Scrape.Sample::value).containsExactly(2.0, 3.0, Double.NaN);
        assertThat(scrape.counter("a").getFirst().tag("k")).isEqualTo("say \"hi\", then \\");
    }
}
