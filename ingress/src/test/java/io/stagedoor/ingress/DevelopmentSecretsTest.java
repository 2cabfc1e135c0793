package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.ingress.http.IngressMessages;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class DevelopmentSecretsTest {

    private static final String SECRET = "a-production-secret-of-at-least-32-bytes";
    private static final String ADMIN_KEY = "an-operator-key-long-enough";

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0", "::", "192.0.2.10", "10.1.2.3"})
    void anIngressBeyondLoopbackRefusesTheSecretsPrintedInReadme(String address) {
        IngressSettings published = IngressSettings.builder("kafka:9092").bindAddress(address).build();

        assertThatThrownBy(() -> DevelopmentSecrets.refuseBeyondLoopback(published))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(IngressMessages.developmentSecretsBeyondLoopback(address,
                        List.of("ingress.token-secret", "ingress.admin-key")))
                .hasMessageContaining("ingress.token-secret-file")
                .hasMessageContaining("STAGEDOOR_INGRESS_TOKEN_SECRET");
    }

    @Test
    void eachDevelopmentSecretIsRefusedOnItsOwn() {
        IngressSettings.Builder exposed = IngressSettings.builder("kafka:9092").bindAddress("0.0.0.0");

        assertThatThrownBy(() -> DevelopmentSecrets.refuseBeyondLoopback(exposed.adminKey(ADMIN_KEY).build()))
                .hasMessageContaining("ingress.token-secret").hasMessageNotContaining("ingress.admin-key ");
        assertThatThrownBy(() -> DevelopmentSecrets.refuseBeyondLoopback(
                exposed.tokenSecret(SECRET).adminKey(IngressSettings.DEVELOPMENT_ADMIN_KEY).build()))
                .hasMessageContaining("ingress.admin-key");
    }

    @Test
    void thePublishedSecretWithWhitespaceAddedIsStillRefused() {
        IngressSettings padded = IngressSettings.builder("kafka:9092").bindAddress("0.0.0.0").adminKey(ADMIN_KEY)
                .tokenSecret(" " + IngressSettings.DEVELOPMENT_SECRET + "\n").build();

        assertThatThrownBy(() -> DevelopmentSecrets.refuseBeyondLoopback(padded)).hasMessageContaining("ingress.token-secret");
    }

    @Test
    void aGuessableAdminKeyIsRefusedBeyondLoopback() {
        IngressSettings shortKey = IngressSettings.builder("kafka:9092").bindAddress("0.0.0.0").tokenSecret(SECRET)
                .adminKey("letmein").build();

        assertThatThrownBy(() -> DevelopmentSecrets.refuseBeyondLoopback(shortKey)).hasMessageContaining("ingress.admin-key");
    }

    @Test
    void anAdminListenerBeyondLoopbackAlsoRefusesThem() {
        IngressSettings adminExposed = IngressSettings.builder("kafka:9092").adminBindAddress("0.0.0.0").build();

        assertThatThrownBy(() -> DevelopmentSecrets.refuseBeyondLoopback(adminExposed))
                .hasMessageContaining("listens on 0.0.0.0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.0.0.5", "::1", "localhost"})
    void onLoopbackTheDevelopmentSecretsNeedNoSetting(String address) {
        IngressSettings local = IngressSettings.builder("kafka:9092").bindAddress(address).adminBindAddress(address).build();

        assertThatCode(() -> DevelopmentSecrets.refuseBeyondLoopback(local)).doesNotThrowAnyException();
    }

    @Test
    void realSecretsStartBeyondLoopback() {
        IngressSettings deployed = IngressSettings.builder("kafka:9092").bindAddress("0.0.0.0").adminBindAddress("0.0.0.0")
                .tokenSecret(SECRET).adminKey(ADMIN_KEY).build();

        assertThatCode(() -> DevelopmentSecrets.refuseBeyondLoopback(deployed)).doesNotThrowAnyException();
        assertThat(DevelopmentSecrets.isLoopback("no-such-host.invalid")).isFalse();
    }
}
