package io.stagedoor.bench.e2e;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Where a hold's time goes between the ingress and the results view (e2e's {@code --stages on}): three consumers of
 * their own record how old each record is when it can first be read, by its timestamp.
 * <ul>
 *   <li>{@code holds written}: a hold request readable (uncommitted read) after the ingress sent it;</li>
 *   <li>{@code result written}: a result appended to the log (uncommitted read) after the inventory processed its
 *       hold (a result's timestamp is the inventory's processing time);</li>
 *   <li>{@code result committed}: the same result readable by a {@code read_committed} reader such as the ingress,
 *       after the processing: the inventory's commit interval and the commit itself.</li>
 * </ul>
 * With {@code --layout one-jvm} it also prints the inventory's stream-thread figures from JMX (commit time and
 * rate, time in poll). The consumers cost the machine some CPU; the figures are for finding the slow stage, not for the headline.
 */
final class StageProbe implements AutoCloseable {

    private final Map<String, Recorder> stages = new LinkedHashMap<>();
    private final List<Thread> readers = new ArrayList<>();
    private volatile boolean running = true;

    StageProbe(String bootstrap, String holdsTopic, String resultsTopic) {
        watch(bootstrap, "holds written", holdsTopic, "read_uncommitted");
        watch(bootstrap, "result written", resultsTopic, "read_uncommitted");
        watch(bootstrap, "result committed", resultsTopic, "read_committed");
    }

    private void watch(String bootstrap, String stage, String topic, String isolation) {
        Recorder ages = new Recorder(3);
        stages.put(stage, ages);
        readers.add(Thread.ofPlatform().name("stage-" + stage).daemon().start(() -> read(bootstrap, topic, isolation,
                ages)));
    }

    private void read(String bootstrap, String topic, String isolation, Recorder ages) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation,
                ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 5,
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            while (running) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(50))) {
                    ages.recordValue(Math.clamp(System.currentTimeMillis() - record.timestamp(), 0, 600_000));
                }
            }
        }
    }

    /** One line per stage: ages in ms since the last report. */
    String report() {
        StringBuilder lines = new StringBuilder();
        lines.append(streamThreads());
        stages.forEach((stage, ages) -> {
            Histogram h = ages.getIntervalHistogram();
            lines.append(String.format(Locale.ROOT, "  %-17s %6d records, age p50 %4d p90 %4d p99 %4d max %4d ms%n",
                    stage, h.getTotalCount(), h.getValueAtPercentile(50), h.getValueAtPercentile(90),
                    h.getValueAtPercentile(99), h.getMaxValue()));
        });
        return lines.toString();
    }

    /**
     * The inventory's stream-thread figures from JMX, when it runs in this JVM ({@code --layout one-jvm}): how long
     * a commit takes and how often one happens.
     */
    private static String streamThreads() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        StringBuilder lines = new StringBuilder();
        for (ObjectName thread : server.queryNames(threadMetrics(), null)) {
            try {
                lines.append(String.format(Locale.ROOT, "  inventory thread: commit avg %.1f max %.1f ms, %.1f "
                                + "commits/s, poll avg %.1f ms, process avg %.3f ms%n",
                        number(server, thread, "commit-latency-avg"), number(server, thread, "commit-latency-max"),
                        number(server, thread, "commit-rate"), number(server, thread, "poll-latency-avg"),
                        number(server, thread, "process-latency-avg")));
            } catch (JMException notAProcessingThread) {
                // the global thread and the state updater register thread metrics without commits: skip them
            }
        }
        return lines.toString();
    }

    private static ObjectName threadMetrics() {
        try {
            return new ObjectName("kafka.streams:type=stream-thread-metrics,*");
        } catch (MalformedObjectNameException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double number(MBeanServer server, ObjectName name, String attribute) throws JMException {
        return server.getAttribute(name, attribute) instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        for (Thread reader : readers) {
            reader.join(Duration.ofSeconds(2));
        }
    }
}
