package io.stagedoor.workers.inventory;

import io.stagedoor.topics.ids.ResultLanes;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * Writes each result to the results partition its correlation id names (decision 0028), so that the instance that
 * accepted the request, which follows that partition, reads it. The key of a result is its correlation id.
 */
final class ResultLanePartitioner implements StreamPartitioner<String, Object> {

    @Override
    public Optional<Set<Integer>> partitions(String topic, String correlationId, Object result, int partitions) {
        return Optional.of(Set.of(ResultLanes.partitionOf(correlationId, partitions)));
    }
}
