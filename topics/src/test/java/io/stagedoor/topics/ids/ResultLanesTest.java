package io.stagedoor.topics.ids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;

class ResultLanesTest {

    private final CorrelationIds ids = new CorrelationIds(
            "a-development-secret-of-32-bytes!".getBytes(StandardCharsets.UTF_8), Clock.systemUTC());

    @Test
    void aResultGoesToTheLaneItsIdNamesModuloThePartitions() {
        assertThat(ResultLanes.partitionOf(ids.issue("b", 5), 12)).isEqualTo(5);
        assertThat(ResultLanes.partitionOf(ids.issue("b", 14), 12)).isEqualTo(2);
    }

    @Test
    void anIdWithoutALaneGoesWhereKafkasDefaultPartitionerPutsItsKey() {
        for (int i = 0; i < 200; i++) {
            String id = ids.issue("buyer-" + i);
            assertThat(ResultLanes.partitionOf(id, 12))
                    .isEqualTo(BuiltInPartitioner.partitionForKey(id.getBytes(StandardCharsets.UTF_8), 12));
        }
    }

    @Test
    void instancesShareThePartitionsOutWithoutOverlap() {
        assertThat(ResultLanes.home(0, 1, 6)).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(ResultLanes.home(0, 3, 6)).containsExactly(0, 3);
        assertThat(ResultLanes.home(1, 3, 6)).containsExactly(1, 4);
        assertThat(ResultLanes.home(2, 3, 6)).containsExactly(2, 5);
        assertThat(ResultLanes.home(1, 2, 3)).containsExactly(1);
    }

    @Test
    void moreInstancesThanPartitionsShareLanes() {
        assertThat(ResultLanes.home(4, 5, 3)).containsExactly(1);
    }

    @Test
    void anIndexOutsideTheCountIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> ResultLanes.home(2, 2, 6));
        assertThatIllegalArgumentException().isThrownBy(() -> ResultLanes.home(-1, 2, 6));
        assertThatIllegalArgumentException().isThrownBy(() -> ResultLanes.home(0, 0, 6));
    }
}
