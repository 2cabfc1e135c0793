package io.stagedoor.harness.chaos;

import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.harness.ReadyLine;
import io.stagedoor.embedded.EmbeddedKafkaCluster;
import io.stagedoor.embedded.Ports;
import io.stagedoor.topics.TopicSettings;
import java.nio.file.Path;
import java.util.List;

/**
 * The Kafka a chaos cluster runs on: one broker in a process of its own, which the broker scenario stops, or three
 * brokers (RF 3, min ISR 2) in the harness's JVM, whose leaders the leader scenario kills. Its bootstrap servers are
 * known before it starts, so the other parts' command lines can name them.
 */
sealed interface ChaosKafka extends AutoCloseable {

    /** For {@code bootstrap.servers}. */
    String bootstrapServers();

    /** Starts what is not running yet; returns once clients can use it. */
    void start();

    /** How the pipeline's topics are created on it. */
    TopicSettings topicSettings(int partitions);

    @Override
    void close();

    /** {@code brokers} brokers: 1 (a process) or 3 (in this JVM, started at once). */
    static ChaosKafka of(int brokers, Path runDir, String partMain) {
        return switch (brokers) {
            case 1 -> new OneBroker(runDir, partMain);
            case EmbeddedKafkaCluster.NODES -> new ThreeBrokers(EmbeddedKafkaCluster.start(runDir.resolve("brokers")));
            default -> throw new IllegalArgumentException(HarnessMessages.unsupportedBrokerCount(brokers));
        };
    }

    /** One broker (and controller) in its own JVM, stopped and started again on its data by the broker scenario. */
    final class OneBroker implements ChaosKafka {
        private final int port;
        private final ProcessPart part;

        OneBroker(Path runDir, String partMain) {
            this.port = twoFreePorts();
            this.part = ProcessPart.java("broker", "512m", partMain, List.of("broker", "--data-dir",
                    runDir.resolve("broker").toString(), "--port", String.valueOf(port)), ReadyLine.MARKER, runDir);
        }

        ProcessPart part() {
            return part;
        }

        @Override
        public String bootstrapServers() {
            return "127.0.0.1:" + port;
        }

        @Override
        public void start() {
            part.start();
        }

        @Override
        public TopicSettings topicSettings(int partitions) {
            return TopicSettings.defaults().withPartitions(partitions);
        }

        @Override
        public void close() {
            part.close();
        }

        private static int twoFreePorts() {
            for (int attempt = 0; attempt < 50; attempt++) {
                int port = Ports.anyFree();
                if (port < 65_535 && Ports.isFree(port + 1)) {
                    return port; // the broker's controller listener takes port + 1
                }
            }
            throw new IllegalStateException(HarnessMessages.noTwoConsecutiveFreePorts());
        }
    }

    /** Three brokers in the harness's JVM, running from construction; topics at RF 3 and min ISR 2. */
    final class ThreeBrokers implements ChaosKafka {
        private final EmbeddedKafkaCluster cluster;

        ThreeBrokers(EmbeddedKafkaCluster cluster) {
            this.cluster = cluster;
        }

        EmbeddedKafkaCluster cluster() {
            return cluster;
        }

        @Override
        public String bootstrapServers() {
            return cluster.bootstrapServers();
        }

        @Override
        public void start() {
            // started when made: the other parts' command lines needed its ports
        }

        @Override
        public TopicSettings topicSettings(int partitions) {
            return TopicSettings.defaults().withPartitions(partitions).replicatedOnThree();
        }

        @Override
        public void close() {
            cluster.close();
        }
    }
}
