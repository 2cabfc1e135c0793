package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IngressSettingsTest {

    @Test
    void printedSettingsShowNoSecretAndNoRedisPassword() {
        IngressSettings settings = IngressSettings.builder("kafka:9092")
                .tokenSecret("the-token-secret-of-at-least-32-bytes").adminKey("the-operator-key-of-tonight")
                .redisUri("redis://stagedoor:hunter2-redis@redis:6379").build();

        assertThat(settings.toString()).doesNotContain("the-token-secret", "the-operator-key", "hunter2-redis")
                .contains("kafka:9092", "127.0.0.1:8081");
        // the grouped records are printed on their own too (a log line, a debugger): the auth record holds the secrets
        assertThat(settings.auth().toString()).doesNotContain("the-token-secret", "the-operator-key");
        assertThat(settings.auth().toString() + settings.http() + settings.bounds() + settings.results()
                + settings.producer()).doesNotContain("the-token-secret", "the-operator-key", "hunter2-redis");
    }

    @Test
    void theAdminListenerNeverSharesThePublicPort() {
        assertThatThrownBy(() -> IngressSettings.builder("kafka:9092").port(9000).adminPort(9000).build())
                .hasMessageContaining("adminPort must differ from port");
    }

    @Test
    void connectionBoundsThatWouldLetNothingInOrNeverEndAreRefused() {
        IngressSettings.Builder builder = IngressSettings.builder("kafka:9092");

        assertThatThrownBy(() -> builder.maxConnections(0).build()).hasMessageContaining("maxConnections");
        assertThatThrownBy(() -> IngressSettings.builder("k:9092").maxConnectionsPerAddress(0).build())
                .hasMessageContaining("maxConnectionsPerAddress");
        // Grizzly's idle timeout counts whole seconds: 1.5 s would silently be 1 s
        assertThatThrownBy(() -> IngressSettings.builder("k:9092").keepAliveIdleTimeout(java.time.Duration.ofMillis(1_500))
                .build()).hasMessageContaining("keepAliveIdleTimeout must be whole seconds");
        assertThatThrownBy(() -> IngressSettings.builder("k:9092").maxConnectionAge(java.time.Duration.ZERO).build())
                .hasMessageContaining("maxConnectionAge must be at least 1 s");
    }
}
