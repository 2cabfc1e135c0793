package io.stagedoor.workers.inventory;

import io.stagedoor.workers.WorkerMetrics;
import io.stagedoor.workers.WorkerSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;
import org.apache.kafka.streams.errors.LogAndContinueProcessingExceptionHandler;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running seat inventory: one Kafka Streams instance with exactly-once processing. Instances with the same
 * application id share the event partitions; {@link #close()} commits and leaves the group so the partitions
 * move at once.
 */
public final class Inventory implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Inventory.class);

    private final KafkaStreams streams;
    private final CountDownLatch running = new CountDownLatch(1);
    private final Duration closeTimeout;

    private Inventory(KafkaStreams streams, Duration closeTimeout) {
        this.streams = streams;
        this.closeTimeout = closeTimeout;
    }

    /** Starts the inventory; returns at once, while Streams joins its group in the background. */
    public static Inventory start(WorkerSettings settings, Clock clock, WorkerMetrics metrics) {
        KafkaStreams streams = new KafkaStreams(
                InventoryTopology.build(settings.topics(), settings.holdTtl(), settings.expiryInterval(),
                        settings.checkoutIdRetention(), clock, metrics),
                properties(settings));
        Inventory inventory = new Inventory(streams, settings.drainTimeout());
        streams.setStateListener((next, previous) -> {
            if (next == KafkaStreams.State.RUNNING) {
                inventory.running.countDown();
            }
            LOG.debug("inventory {} -> {}", previous, next);
        });
        streams.setUncaughtExceptionHandler(error -> {
            LOG.error("inventory stream thread failed; replacing it", error);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD;
        });
        streams.start();
        return inventory;
    }

    static Properties properties(WorkerSettings settings) {
        Properties props = new Properties();
        props.putAll(settings.kafka().baseProperties());
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, settings.applicationId());
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, settings.commitInterval().toMillis());
        // A result is visible only once its transaction commits, and the stream thread commits only between two
        // polls: an idle poll may not wait longer than the commit interval, or a processed result waits for it
        // (the default is 100 ms) whenever no request arrives meanwhile.
        props.put(StreamsConfig.POLL_MS_CONFIG, settings.commitInterval().toMillis());
        props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, settings.streamThreads());
        props.put(StreamsConfig.STATE_DIR_CONFIG, settings.stateDir().toString());
        // A poison record is logged and skipped: one bad request must not stop every event of its partition.
        props.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, LogAndContinueExceptionHandler.class);
        props.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG,
                LogAndContinueProcessingExceptionHandler.class);
        props.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
        // A worker that dies must hand its events over in seconds, not the 45 s default.
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), 10_000);
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG), 2_000);
        // An open transaction of a dead worker blocks its partitions for readers until it times out.
        props.put(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG), 10_000);
        props.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
        return props;
    }

    /** Waits until the inventory processes records; false when it did not within {@code timeout}. */
    public boolean awaitRunning(Duration timeout) throws InterruptedException {
        return running.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The Kafka Streams state, for health checks. */
    public KafkaStreams.State state() {
        return streams.state();
    }

    /** Commits, leaves the group and stops. */
    @Override
    public void close() {
        streams.close(CloseOptions.groupMembershipOperation(CloseOptions.GroupMembershipOperation.LEAVE_GROUP)
                .withTimeout(closeTimeout));
    }
}
