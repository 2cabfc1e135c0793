package io.stagedoor.topics.ids;

import io.stagedoor.topics.TopicsMessages;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.utils.Utils;

/**
 * Which partition of the results topic a result is written to, and which partitions an ingress instance follows
 * (decision 0028). A result goes to the lane its correlation id names, modulo the partitions; an id without a lane
 * goes where Kafka's default partitioner puts its key. Every instance of a deployment of {@code count} follows its
 * home lanes, the partitions {@code p} with {@code p % count == index}, and issues ids naming them, so it reads the
 * results of the requests it accepted and no one else's.
 */
public final class ResultLanes {

    private ResultLanes() {
    }

    /** The partition of a topic of {@code partitions} that the result of {@code correlationId} is written to. */
    public static int partitionOf(String correlationId, int partitions) {
        int lane = CorrelationIds.lane(correlationId);
        if (lane != CorrelationIds.NO_LANE) {
            return lane % partitions;
        }
        return Utils.toPositive(Utils.murmur2(correlationId.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /**
     * The home lanes of instance {@code index} of {@code count} on a results topic of {@code partitions}: every
     * {@code count}-th partition from {@code index}; the partition {@code index % partitions} when there are more
     * instances than partitions (then instances share a lane, and each reads its sharers' results as well).
     */
    public static List<Integer> home(int index, int count, int partitions) {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException(TopicsMessages.instanceIndexOutOfRange(index, count));
        }
        List<Integer> lanes = new ArrayList<>();
        for (int p = index; p < partitions; p += count) {
            lanes.add(p);
        }
        return lanes.isEmpty() ? List.of(index % partitions) : List.copyOf(lanes);
    }
}
