package io.stagedoor.workers.inventory;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.workers.WorkerSettings;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class InventoryPropertiesTest {

    @Test
    void anIdlePollWaitsNoLongerThanTheCommitIntervalSoAProcessedResultIsNotHeldBackByIt() {
        Properties props = Inventory.properties(WorkerSettings.defaults());

        assertThat(props.get(StreamsConfig.PROCESSING_GUARANTEE_CONFIG)).isEqualTo(StreamsConfig.EXACTLY_ONCE_V2);
        assertThat(props.get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)).isEqualTo(30L);
        // Kafka Streams' own default is 100 ms: a result processed just after a commit waited for it.
        assertThat(props.get(StreamsConfig.POLL_MS_CONFIG)).isEqualTo(30L);
    }
}
