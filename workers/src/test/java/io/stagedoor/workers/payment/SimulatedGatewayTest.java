package io.stagedoor.workers.payment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SimulatedGatewayTest {

    @Test
    void aThousandCallsWaitTheirLatencyTogetherWithoutAThreadEach() {
        SimulatedGateway gateway = new SimulatedGateway(PayrailSettings.defaults().withLatency(Duration.ofMillis(300)));
        int threadsBefore = Thread.activeCount();
        long started = System.nanoTime();
        List<CompletableFuture<Charge>> calls = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            calls.add(gateway.charge("k" + i, 1, PayrailSettings.TOKEN_OK).toCompletableFuture());
        }
        assertThat(gateway.inProgress()).isEqualTo(1_000);
        assertThat(Thread.activeCount() - threadsBefore).isLessThan(50);
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
        assertThat(gateway.ledger().snapshot().charges()).hasSize(1_000);
    }

    @Test
    void ratesDeclineAboutTheirShareOfOrdinaryTokens() {
        SimulatedGateway gateway = new SimulatedGateway(PayrailSettings.defaults().withLatency(Duration.ZERO)
                .withRates(0.3, 0));
        long declined = java.util.stream.IntStream.range(0, 1_000)
                .mapToObj(i -> gateway.charge("r" + i, 1, "tok_visa").toCompletableFuture().join())
                .filter(charge -> charge.status() == Charge.Status.DECLINED).count();
        assertThat(declined).isBetween(230L, 370L);
    }
}
