package io.stagedoor.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TopicSettingsTest {

    @Test
    void minInsyncReplicasDefaultsToKafkasOwnDefaultOfOne() {
        assertThat(TopicSettings.defaults().minInsyncReplicas()).isEqualTo(1);
    }

    @Test
    void threeReplicasKeepTwoInSync() {
        TopicSettings three = TopicSettings.defaults().withPartitions(3).replicatedOnThree();
        assertThat(three.replicationFactor()).isEqualTo((short) 3);
        assertThat(three.minInsyncReplicas()).isEqualTo(2);
        assertThat(three.partitions()).isEqualTo(3);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 2})
    void refusesAMinInsyncReplicasNoWriteCouldMeet(int minInsyncReplicas) {
        assertThatThrownBy(() -> TopicSettings.defaults().withMinInsyncReplicas(minInsyncReplicas))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(TopicsMessages.minInsyncReplicasOutOfRange(
                        minInsyncReplicas, TopicSettings.DEFAULT_REPLICATION_FACTOR));
    }

    @Test
    void withersKeepTheOtherSettings() {
        TopicSettings settings = TopicSettings.defaults().withReplicationFactor((short) 3).withMinInsyncReplicas(2)
                .withRetention(java.time.Duration.ofDays(1));
        assertThat(settings.minInsyncReplicas()).isEqualTo(2);
        assertThat(settings.replicationFactor()).isEqualTo((short) 3);
    }
}
