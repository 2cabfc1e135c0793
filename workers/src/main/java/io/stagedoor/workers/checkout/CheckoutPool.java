package io.stagedoor.workers.checkout;

import io.stagedoor.workers.WorkerMetrics;
import io.stagedoor.workers.WorkerSettings;
import io.stagedoor.workers.WorkersMessages;
import io.stagedoor.workers.payment.PaymentGateway;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One checkout pool instance: {@code poolSize} payment lanes in one Kafka share group. Each lane owns a share
 * consumer that acquires one payment request at a time and only when the lane is free, so the instance never
 * runs more than {@code poolSize} payment calls and never holds an acquired record it is not working on.
 *
 * <p>Why a consumer per lane: in explicit acknowledgement mode a share consumer may not poll again until every
 * record of its last poll is acknowledged, and a released record counts as a delivery, so one consumer
 * polling a batch and releasing what it cannot start would either stall behind its slowest call or burn the
 * records' delivery attempts. A lane polls with {@code share.acquire.mode=record_limit} and
 * {@code max.poll.records=1}: the broker acquires at most one record for it (per broker it fetches from).
 */
public final class CheckoutPool implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(CheckoutPool.class);

    private final List<PaymentLane> lanes;
    private final List<Thread> threads;
    private final DeadLetters deadLetters;
    private final KafkaProducer<String, byte[]> producer;
    private final OutcomeSender outcomes;
    private final Duration drainTimeout;
    private final WorkerSettings settings;
    private final String clientPrefix;

    private CheckoutPool(List<PaymentLane> lanes, List<Thread> threads, DeadLetters deadLetters,
                         KafkaProducer<String, byte[]> producer, OutcomeSender outcomes, WorkerSettings settings,
                         String clientPrefix) {
        this.lanes = lanes;
        this.threads = threads;
        this.deadLetters = deadLetters;
        this.producer = producer;
        this.outcomes = outcomes;
        this.drainTimeout = settings.drainTimeout();
        this.settings = settings;
        this.clientPrefix = clientPrefix;
    }

    /**
     * Configures the share group, then starts the lanes and the reader of the group's dead letters; returns while
     * they join their groups.
     */
    public static CheckoutPool start(WorkerSettings settings, PaymentGateway gateway, WorkerMetrics metrics) {
        configureGroup(settings);
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(producerProperties(settings),
                new StringSerializer(), new ByteArraySerializer());
        OutcomeSender outcomes = new OutcomeSender(producer, settings.topics());
        List<PaymentLane> lanes = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        // a record whose lock runs out right after its work settled comes back within a lock or so: remember twice that
        PaymentsInFlight inFlight = new PaymentsInFlight(settings.recordLock().multipliedBy(2), System::nanoTime);
        String clientPrefix = settings.shareGroupId() + "-" + UUID.randomUUID().toString().substring(0, 8) + "-lane-";
        for (int i = 0; i < settings.poolSize(); i++) {
            PaymentLane lane = new PaymentLane(clientPrefix + i, settings, gateway, outcomes, inFlight, metrics);
            lanes.add(lane);
            // platform threads: a lane blocks inside the Kafka client, whose locks would pin a virtual thread on Java 21
            threads.add(Thread.ofPlatform().daemon().name("checkout-lane-" + i).start(lane));
        }
        DeadLetters deadLetters = DeadLetters.start(settings, outcomes, metrics, Clock.systemUTC());
        return new CheckoutPool(lanes, threads, deadLetters, producer, outcomes, settings, clientPrefix);
    }

    /**
     * Waits until every lane of this instance is a member of the share group with partitions assigned, so it
     * can acquire work; false when that did not happen within {@code timeout}.
     */
    public boolean awaitAssigned(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = Admin.create(settings.kafka().baseProperties())) {
            while (System.nanoTime() < deadline) {
                try {
                    ShareGroupDescription group = admin.describeShareGroups(List.of(settings.shareGroupId()))
                            .describedGroups().get(settings.shareGroupId()).get(5, TimeUnit.SECONDS);
                    long assigned = group.members().stream()
                            .filter(member -> member.clientId().startsWith(clientPrefix))
                            .filter(member -> !member.assignment().topicPartitions().isEmpty())
                            .count();
                    if (assigned >= lanes.size()) {
                        return true;
                    }
                } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                    LOG.debug("cannot describe share group {} yet: {}", settings.shareGroupId(), e.getMessage());
                }
                Thread.sleep(100);
            }
            return false;
        }
    }

    /**
     * Sets the group configs the pool relies on: a new group starts from the earliest payment request (one
     * written before the first lane joined must still be paid), only committed requests are delivered (the
     * inventory writes them in transactions it may abort), the acquisition lock the lanes renew while a payment
     * runs, and a request
     * delivered {@code maxDeliveries} times without being accepted goes, whole, to the dead-letter topic.
     * Needs ALTER_CONFIGS on the group; without it the cluster's defaults apply and a warning says so.
     */
    public static void configureGroup(WorkerSettings settings) {
        ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, settings.shareGroupId());
        List<AlterConfigOp> ops = List.of(
                new AlterConfigOp(new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET),
                new AlterConfigOp(new ConfigEntry("share.isolation.level", "read_committed"), AlterConfigOp.OpType.SET),
                new AlterConfigOp(new ConfigEntry("share.record.lock.duration.ms",
                        Long.toString(settings.recordLock().toMillis())), AlterConfigOp.OpType.SET),
                new AlterConfigOp(new ConfigEntry("share.delivery.count.limit",
                        Integer.toString(settings.maxDeliveries())), AlterConfigOp.OpType.SET),
                new AlterConfigOp(new ConfigEntry("errors.deadletterqueue.topic.name",
                        settings.topics().paymentsDeadLetter()), AlterConfigOp.OpType.SET),
                new AlterConfigOp(new ConfigEntry("errors.deadletterqueue.copy.record.enable", "true"),
                        AlterConfigOp.OpType.SET));
        try (Admin admin = Admin.create(settings.kafka().baseProperties())) {
            admin.incrementalAlterConfigs(Map.of(group, ops)).all().get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(WorkersMessages.interruptedConfiguringShareGroup(settings.shareGroupId()), e);
        } catch (Exception e) {
            LOG.warn("cannot configure share group {} (start offset earliest, record lock {}, {} deliveries, "
                    + "dead letters to {}): {}", settings.shareGroupId(), settings.recordLock(),
                    settings.maxDeliveries(), settings.topics().paymentsDeadLetter(), e.getMessage());
        }
    }

    private static Map<String, Object> producerProperties(WorkerSettings settings) {
        Map<String, Object> properties = settings.kafka().baseProperties();
        properties.putAll(Map.of(
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.LINGER_MS_CONFIG, 0,
                ProducerConfig.CLIENT_ID_CONFIG, settings.shareGroupId() + "-outcomes"));
        return properties;
    }

    /** Payment requests this instance is working on now. */
    public int busyLanes() {
        return (int) lanes.stream().filter(PaymentLane::busy).count();
    }

    /**
     * Drains: the lanes stop acquiring, finish their payment (or release it when the drain timeout passes),
     * acknowledge, and leave the share group; then the dead-letter reader stops.
     */
    @Override
    public void close() {
        lanes.forEach(PaymentLane::stop);
        long deadline = System.nanoTime() + drainTimeout.toNanos();
        for (Thread thread : threads) {
            awaitUntil(thread, deadline);
        }
        for (Thread thread : threads) {
            if (thread.isAlive()) {
                // Interrupting a lane makes it release its record instead of waiting for the payment.
                thread.interrupt();
                awaitUntil(thread, System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
            }
        }
        deadLetters.close();
        outcomes.close();
        producer.close(Duration.ofSeconds(5));
    }

    private static void awaitUntil(Thread thread, long deadlineNanos) {
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
            return;
        }
        try {
            thread.join(Duration.ofNanos(left));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
