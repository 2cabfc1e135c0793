package io.stagedoor.topics.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.topics.TopicsMessages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaConnectionTest {

    private static final String JAAS = "org.apache.kafka.common.security.scram.ScramLoginModule required "
            + "username=\"stagedoor\" password=\"s3cret\";";

    @TempDir
    Path dir;

    @Test
    void aClientConfigFileInKafkasFormatIsReadWithCommentsAndContinuedLines() throws Exception {
        Path file = dir.resolve("client.properties");
        Files.writeString(file, """
                # as Kafka's tools take with --command-config
                security.protocol=SASL_SSL
                sasl.mechanism=SCRAM-SHA-512
                sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required \\
                    username="stagedoor" password="s3cret";
                ssl.truststore.location = /etc/stagedoor/truststore.p12
                """);

        assertThat(KafkaClientProperties.load(file)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512",
                "sasl.jaas.config", JAAS,
                "ssl.truststore.location", "/etc/stagedoor/truststore.p12"));
    }

    @Test
    void aMissingClientConfigFileIsRefusedNamingIt() {
        Path missing = dir.resolve("absent.properties");
        assertThatThrownBy(() -> KafkaClientProperties.load(missing))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(TopicsMessages.unreadableFile(missing, new Exception("x")).split(": x")[0]);
    }

    @Test
    void everyClientStartsFromTheBootstrapAndTheClientProperties() {
        KafkaConnection connection = new KafkaConnection("broker:9093",
                Map.of("security.protocol", "SASL_SSL", "sasl.jaas.config", JAAS));

        assertThat(connection.baseProperties()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "bootstrap.servers", "broker:9093", "security.protocol", "SASL_SSL", "sasl.jaas.config", JAAS));
    }

    @Test
    void theBootstrapGivenWinsOverOneInTheClientProperties() {
        KafkaConnection connection = new KafkaConnection("given:9093", Map.of("bootstrap.servers", "file:9092"));

        assertThat(connection.clientProperties()).isEmpty();
        assertThat(connection.baseProperties()).containsEntry("bootstrap.servers", "given:9093");
        assertThat(connection.withBootstrap("other:9093").baseProperties()).containsEntry("bootstrap.servers", "other:9093");
    }

    @Test
    void eachClientGetsItsOwnCopyToAddTo() {
        KafkaConnection connection = KafkaConnection.plaintext("broker:9092");
        connection.baseProperties().put("acks", "all");

        assertThat(connection.baseProperties()).containsOnlyKeys("bootstrap.servers");
    }

    @Test
    void noSettingMeansPlaintext() {
        assertThat(KafkaConnection.plaintext("broker:9092").securityProtocol()).isEqualTo("PLAINTEXT");
    }

    @Test
    void itsTextNamesThePropertiesButNeverTheirSecrets() {
        KafkaConnection connection = new KafkaConnection("broker:9093",
                Map.of("sasl.jaas.config", JAAS, "ssl.truststore.password", "changeit"));

        assertThat(connection.toString()).contains("sasl.jaas.config", "ssl.truststore.password")
                .doesNotContain("s3cret", "changeit");
    }

    @Test
    void blankBootstrapServersAreRefused() {
        assertThatThrownBy(() -> KafkaConnection.plaintext(" "))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(TopicsMessages.noBootstrap());
    }
}
