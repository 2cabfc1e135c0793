package io.stagedoor.topics.connection;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.GroupProtocol;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The group protocol a {@code KafkaConsumer} in a consumer group speaks: {@code consumer} (KIP-848, the one
 * current brokers are built for: assignment by the broker, no stop-the-world rebalance) where the cluster offers
 * it, {@code classic} where it does not. Every group consumer of the project takes its properties from here;
 * consumers that assign partitions themselves join no group and need none of this.
 *
 * <p>The cluster is asked once, before the consumer is built: {@code group.version} finalized at 1 or more
 * ({@code Admin#describeFeatures}, an ApiVersions request that any client may send) means it offers the protocol.
 * A broker can still refuse it (its deprecated {@code group.coordinator.rebalance.protocols} leaves
 * {@code consumer} out): the consumer's poll then fails with an {@link UnsupportedVersionException}, and
 * {@link #fallBackIfRefused} switches this choice to {@code classic} for the consumer its owner opens next. A
 * {@code group.protocol} among the operator's client properties wins over both and is never changed.
 * Thread-safe.
 */
public final class ConsumerGroupProtocol {

    /** The feature whose finalized level 1 or more means the cluster runs the consumer group protocol. */
    static final String FEATURE = "group.version";
    private static final Logger LOG = LoggerFactory.getLogger(ConsumerGroupProtocol.class);

    private final KafkaConnection kafka;
    private final boolean operatorChose;
    private volatile GroupProtocol protocol;

    private ConsumerGroupProtocol(KafkaConnection kafka, GroupProtocol protocol, boolean operatorChose) {
        this.kafka = kafka;
        this.protocol = protocol;
        this.operatorChose = operatorChose;
    }

    /**
     * The operator's {@code group.protocol} if the client properties name one, else {@code consumer} when the
     * cluster finalized {@code group.version} at 1 or more, else {@code classic} (an older cluster, or one that did
     * not say within {@code timeout}).
     */
    public static ConsumerGroupProtocol forCluster(KafkaConnection kafka, Duration timeout) {
        String configured = kafka.clientProperties().get(ConsumerConfig.GROUP_PROTOCOL_CONFIG);
        if (configured != null) {
            return new ConsumerGroupProtocol(kafka, GroupProtocol.of(configured), true);
        }
        return new ConsumerGroupProtocol(kafka, offered(kafka, timeout), false);
    }

    /** The choice as if the cluster had said {@code offered}: for tests. */
    static ConsumerGroupProtocol offering(KafkaConnection kafka, GroupProtocol offered) {
        return new ConsumerGroupProtocol(kafka, offered, false);
    }

    /** The protocol the next consumer speaks. */
    public GroupProtocol protocol() {
        return protocol;
    }

    /**
     * The connection's base properties for a consumer in group {@code groupId}, speaking {@link #protocol()}: a new
     * mutable map for the caller to add its own settings to.
     */
    public Map<String, Object> consumerProperties(String groupId) {
        Map<String, Object> properties = kafka.baseProperties();
        properties.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        properties.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, protocol.name.toLowerCase(Locale.ROOT));
        return properties;
    }

    /**
     * Called with what a consumer's poll threw: true when it says the cluster refused the {@code consumer} protocol,
     * and from then on this choice is {@code classic}; the caller closes that consumer and opens a new one. False for
     * any other failure, for a consumer already on {@code classic}, and when the operator chose the protocol.
     */
    public boolean fallBackIfRefused(RuntimeException failure) {
        if (operatorChose || protocol != GroupProtocol.CONSUMER || !refusesConsumerProtocol(failure)) {
            return false;
        }
        protocol = GroupProtocol.CLASSIC;
        LOG.warn("the cluster at {} refused the consumer group protocol ({}): falling back to classic",
                kafka.bootstrapServers(), failure.getMessage());
        return true;
    }

    private static boolean refusesConsumerProtocol(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof UnsupportedVersionException) {
                return true;
            }
        }
        return false;
    }

    private static GroupProtocol offered(KafkaConnection kafka, Duration timeout) {
        Map<String, Object> properties = kafka.baseProperties();
        int millis = Math.toIntExact(timeout.toMillis());
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis);
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, millis);
        properties.put(AdminClientConfig.CLIENT_ID_CONFIG, "stagedoor-group-protocol");
        try (Admin admin = Admin.create(properties)) {
            FinalizedVersionRange level = admin.describeFeatures().featureMetadata()
                    .get(millis, TimeUnit.MILLISECONDS).finalizedFeatures().get(FEATURE);
            return level != null && level.maxVersionLevel() >= 1 ? GroupProtocol.CONSUMER : GroupProtocol.CLASSIC;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return GroupProtocol.CLASSIC;
        } catch (Exception e) {
            LOG.warn("cannot read the features of the cluster at {} ({}): consumer groups use the classic protocol",
                    kafka.bootstrapServers(), e.getMessage());
            return GroupProtocol.CLASSIC;
        }
    }
}
