package io.stagedoor.embedded;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;

/**
 * What a Kafka share group (KIP-932) needs beyond the consumer's own settings. A new share group starts at the
 * latest offset, so records produced before its first member joined are never delivered to it; a group that
 * must see them is set to start from the earliest offset, on any cluster, before its members join.
 */
public final class ShareGroups {

    /** The group config (not a consumer property) that chooses where a new share group starts. */
    public static final String AUTO_OFFSET_RESET = "share.auto.offset.reset";

    /** The consumer property for acknowledging each record explicitly ({@code "explicit"}) or per poll. */
    public static final String ACKNOWLEDGEMENT_MODE = "share.acknowledgement.mode";

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private ShareGroups() {
    }

    /** Consumer properties for explicit acknowledgement of every record. */
    public static Map<String, Object> explicitAcknowledgement() {
        return Map.of(ACKNOWLEDGEMENT_MODE, "explicit");
    }

    /**
     * Makes share group {@code groupId} start from the earliest offset of each partition it has not read yet.
     * Idempotent; takes effect for partitions the group begins to read after the call.
     */
    public static void readFromEarliest(Admin admin, String groupId) {
        ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, groupId);
        AlterConfigOp earliest = new AlterConfigOp(new ConfigEntry(AUTO_OFFSET_RESET, "earliest"), AlterConfigOp.OpType.SET);
        try {
            admin.incrementalAlterConfigs(Map.of(group, List.of(earliest))).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(EmbeddedMessages.interruptedSettingShareGroup(groupId), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(EmbeddedMessages.cannotSetShareGroupEarliest(groupId), e);
        }
    }
}
