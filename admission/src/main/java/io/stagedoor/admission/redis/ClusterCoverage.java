package io.stagedoor.admission.redis;

import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.stagedoor.admission.AdmissionMessages;
import java.util.BitSet;
import java.util.Locale;

/**
 * Whether a Redis Cluster serves every one of its 16,384 slots, checked once at start. A cluster that does not
 * would fail every call for a key in a missing slot, and with it every decision on that key would fall back (fail
 * open) from the first request: a start on it is refused instead, with the count of slots served and the cluster's
 * own {@code cluster_state}. A slot is served when a primary that is not marked failing holds it; a cluster set to
 * {@code cluster-require-full-coverage no} says {@code ok} with slots missing, so the slots are counted, not only the
 * state read.
 */
final class ClusterCoverage {

    private ClusterCoverage() {
    }

    /** @throws RedisStartFailure naming the endpoint, the slots served and the state, when a slot is not served */
    static void require(RedisEndpoint endpoint, StatefulRedisClusterConnection<String, String> connection) {
        BitSet served = new BitSet(SlotHash.SLOT_COUNT);
        for (RedisClusterNode node : connection.getPartitions()) {
            if (node.is(RedisClusterNode.NodeFlag.UPSTREAM) && !node.is(RedisClusterNode.NodeFlag.FAIL)
                    && !node.is(RedisClusterNode.NodeFlag.EVENTUAL_FAIL) && !node.is(RedisClusterNode.NodeFlag.NOADDR)) {
                node.getSlots().forEach(served::set);
            }
        }
        String state = state(connection.sync().clusterInfo());
        if (served.cardinality() < SlotHash.SLOT_COUNT || !"ok".equals(state)) {
            throw new RedisStartFailure(AdmissionMessages.clusterSlotsNotCovered(endpoint.toString(),
                    served.cardinality(), SlotHash.SLOT_COUNT, state), null);
        }
    }

    private static String state(String clusterInfo) {
        return clusterInfo.lines().filter(line -> line.startsWith("cluster_state:"))
                .map(line -> line.substring("cluster_state:".length()).strip().toLowerCase(Locale.ROOT))
                .findFirst().orElse("unknown");
    }
}
