package io.stagedoor.topics.connection;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.GroupProtocol;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ConsumerGroupProtocolTest {

    private static final KafkaConnection CLUSTER = KafkaConnection.plaintext("127.0.0.1:1");

    @Test
    void aConsumerSpeaksTheProtocolTheClusterOffersInItsGroup() {
        Map<String, Object> properties = ConsumerGroupProtocol.offering(CLUSTER, GroupProtocol.CONSUMER)
                .consumerProperties("readers");

        assertThat(properties).containsEntry(ConsumerConfig.GROUP_ID_CONFIG, "readers")
                .containsEntry(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer")
                .containsEntry(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1");
    }

    @Test
    void aRefusedConsumerProtocolFallsBackToClassicOnce() {
        ConsumerGroupProtocol choice = ConsumerGroupProtocol.offering(CLUSTER, GroupProtocol.CONSUMER);
        UnsupportedVersionException refused = new UnsupportedVersionException("no CONSUMER group protocol");

        assertThat(choice.fallBackIfRefused(new KafkaException("poll failed", refused))).isTrue();
        assertThat(choice.protocol()).isEqualTo(GroupProtocol.CLASSIC);
        assertThat(choice.consumerProperties("readers")).containsEntry(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        assertThat(choice.fallBackIfRefused(refused)).isFalse();
    }

    @Test
    void otherFailuresKeepTheProtocol() {
        ConsumerGroupProtocol choice = ConsumerGroupProtocol.offering(CLUSTER, GroupProtocol.CONSUMER);

        assertThat(choice.fallBackIfRefused(new KafkaException("broker away"))).isFalse();
        assertThat(choice.protocol()).isEqualTo(GroupProtocol.CONSUMER);
    }

    @Test
    void theOperatorsGroupProtocolWinsAndIsNeverChanged() {
        KafkaConnection chosen = new KafkaConnection("127.0.0.1:1",
                Map.of(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer"));
        // asks no cluster: nothing listens on port 1, and the answer is still the operator's
        ConsumerGroupProtocol choice = ConsumerGroupProtocol.forCluster(chosen, Duration.ofMillis(1));

        assertThat(choice.protocol()).isEqualTo(GroupProtocol.CONSUMER);
        assertThat(choice.fallBackIfRefused(new UnsupportedVersionException("refused"))).isFalse();
        assertThat(choice.protocol()).isEqualTo(GroupProtocol.CONSUMER);
    }

    @Test
    void aClusterThatDoesNotAnswerGetsClassic() {
        assertThat(ConsumerGroupProtocol.forCluster(CLUSTER, Duration.ofMillis(300)).protocol())
                .isEqualTo(GroupProtocol.CLASSIC);
    }
}
