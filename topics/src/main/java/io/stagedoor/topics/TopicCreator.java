package io.stagedoor.topics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

/**
 * Creates the pipeline's topics that do not exist yet, with their configured partition counts, replication factor
 * and {@code min.insync.replicas}. Existing topics are left as they are. The events and checkout-keys topics are compacted; every other
 * topic keeps its records for the retention. The payments dead-letter topic accepts the share group's dead letters.
 */
public final class TopicCreator {

    private TopicCreator() {
    }

    /** Creates every missing topic of {@code names}; waits at most {@code timeoutMillis}. */
    public static void ensure(Admin admin, TopicNames names, TopicSettings settings, long timeoutMillis) {
        try {
            Set<String> existing = admin.listTopics().names().get(timeoutMillis, TimeUnit.MILLISECONDS);
            List<NewTopic> missing = new ArrayList<>();
            for (String topic : names.all()) {
                if (!existing.contains(topic)) {
                    missing.add(newTopic(topic, names, settings));
                }
            }
            if (missing.isEmpty()) {
                return;
            }
            admin.createTopics(missing).values().forEach((topic, future) -> awaitCreated(future, timeoutMillis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(TopicsMessages.interruptedCreatingTopics(), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(TopicsMessages.cannotListTopics(e.getMessage()), e);
        }
    }

    private static NewTopic newTopic(String topic, TopicNames names, TopicSettings settings) {
        Map<String, String> configs = new HashMap<>();
        if (topic.equals(names.events()) || topic.equals(names.checkoutKeys())) {
            configs.put(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_COMPACT);
        } else {
            configs.put(TopicConfig.RETENTION_MS_CONFIG, Long.toString(settings.retention().toMillis()));
        }
        if (settings.minInsyncReplicas() != TopicSettings.DEFAULT_MIN_INSYNC_REPLICAS) {
            // Kafka's own default is 1: leave it unset then, so a cluster whose brokers require more keeps its rule.
            configs.put(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG, Integer.toString(settings.minInsyncReplicas()));
        }
        if (topic.equals(names.paymentsDeadLetter())) {
            // without it the broker refuses to write the share group's dead letters here
            configs.put(TopicConfig.ERRORS_DEADLETTERQUEUE_GROUP_ENABLE_CONFIG, "true");
        }
        int partitions = topic.equals(names.events()) ? 1
                : topic.equals(names.payments()) ? settings.paymentPartitions()
                : settings.partitions();
        return new NewTopic(topic, partitions, settings.replicationFactor()).configs(configs);
    }

    private static void awaitCreated(org.apache.kafka.common.KafkaFuture<Void> future, long timeoutMillis) {
        try {
            future.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException(TopicsMessages.cannotCreateTopic(e.getCause().getMessage()), e.getCause());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(TopicsMessages.interruptedCreatingTopics(), e);
        } catch (TimeoutException e) {
            throw new IllegalStateException(TopicsMessages.topicCreationTimedOut(timeoutMillis), e);
        }
    }
}
