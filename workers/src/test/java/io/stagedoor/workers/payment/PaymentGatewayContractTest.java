package io.stagedoor.workers.payment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One contract, run against the in-process Payrail and the HTTP client talking to the Payrail server. */
class PaymentGatewayContractTest {

    private static final PayrailSettings FAST = new PayrailSettings(Duration.ofMillis(50), 0, 0,
            Duration.ofMillis(300), 42);
    private final List<AutoCloseable> servers = new ArrayList<>();

    record Kind(String name, Function<PaymentGatewayContractTest, PaymentGateway> make) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Kind> gateways() {
        return Stream.of(new Kind("in-process", test -> test.simulated = new SimulatedGateway(FAST)),
                new Kind("http", test -> {
                    test.simulated = new SimulatedGateway(FAST);
                    PayrailServer server = PayrailServer.start(test.simulated, 0);
                    test.servers.add(server);
                    return new HttpPaymentGateway(server.uri(), Duration.ofSeconds(2));
                }));
    }

    private SimulatedGateway simulated;

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable server : servers) {
            server.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gateways")
    void theSameKeyChargesOnceAndAnswersTheFirstOutcome(Kind kind) throws Exception {
        PaymentGateway gateway = kind.make().apply(this);
        List<CompletableFuture<Charge>> calls = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            calls.add(gateway.charge("key-1", 1_000, PayrailSettings.TOKEN_OK).toCompletableFuture());
        }
        for (CompletableFuture<Charge> call : calls) {
            assertThat(call.get(5, TimeUnit.SECONDS).status()).isEqualTo(Charge.Status.APPROVED);
        }
        assertThat(simulated.ledger().calls("key-1")).isEqualTo(5);
        assertThat(simulated.ledger().charges("key-1")).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gateways")
    void testTokensForceTheirOutcome(Kind kind) throws Exception {
        PaymentGateway gateway = kind.make().apply(this);
        assertThat(gateway.charge("d", 1, PayrailSettings.TOKEN_DECLINE).toCompletableFuture().get().status())
                .isEqualTo(Charge.Status.DECLINED);
        assertThat(simulated.ledger().charges("d")).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gateways")
    void aVoidedChargeIsRecordedAndNeverReadsAsApprovedAgain(Kind kind) throws Exception {
        PaymentGateway gateway = kind.make().apply(this);
        gateway.charge("v", 500, PayrailSettings.TOKEN_OK).toCompletableFuture().get();
        gateway.voidCharge("v", "test").toCompletableFuture().get();
        assertThat(simulated.ledger().wasVoided("v")).isTrue();
        assertThat(gateway.charge("v", 500, PayrailSettings.TOKEN_OK).toCompletableFuture().get().status())
                .isEqualTo(Charge.Status.VOIDED);
        assertThat(simulated.ledger().snapshot().kept()).doesNotContain("v");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gateways")
    void aTimeoutTokenNeverAnswersInTimeAndChargesNothing(Kind kind) {
        PaymentGateway gateway = kind.make().apply(this);
        CompletableFuture<Charge> call = gateway.charge("t", 1, PayrailSettings.TOKEN_TIMEOUT).toCompletableFuture();
        assertThatThrownBy(() -> call.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(PaymentTimeoutException.class);
        assertThat(simulated.ledger().charges("t")).isZero();
    }
}
