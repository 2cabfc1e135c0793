package io.stagedoor.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaClientConfigTest {

    @TempDir
    Path dir;

    @Test
    void noSettingMeansPlaintextClients() {
        StagedoorConfig config = StagedoorConfig.defaults();
        assertThat(config.kafkaClient()).isEmpty();
        assertThat(config.kafka("127.0.0.1:9092").securityProtocol()).isEqualTo("PLAINTEXT");
    }

    @Test
    void theClientFileReachesTheIngressAndTheWorkersAndPassThroughKeysOverrideIt() throws Exception {
        Path file = Files.writeString(dir.resolve("client.properties"),
                "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nbootstrap.servers=file:9092\n");
        StagedoorConfig config = StagedoorConfig.load(null, Map.of(), List.of("kafka.client-config=" + file,
                "kafka.client.sasl.mechanism=SCRAM-SHA-512"));

        Map<String, String> expected = Map.of("security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-512",
                "bootstrap.servers", "file:9092");
        assertThat(config.kafkaClient()).isEqualTo(expected);
        assertThat(config.workers().kafka().clientProperties()).containsEntry("sasl.mechanism", "SCRAM-SHA-512");
        assertThat(config.ingress("given:9093").build().kafka().baseProperties())
                .containsEntry("bootstrap.servers", "given:9093").containsEntry("security.protocol", "SASL_SSL");
    }

    @Test
    void passThroughKeysAreNeverPrinted() {
        StagedoorConfig config = StagedoorConfig.load(null, Map.of(),
                List.of("kafka.client.sasl.jaas.config=secret-line"));
        assertThat(config.asProperties(true)).doesNotContain("secret-line");
    }
}
