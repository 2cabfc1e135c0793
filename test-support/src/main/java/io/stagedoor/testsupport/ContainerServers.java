package io.stagedoor.testsupport;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports.Binding;
import io.stagedoor.embedded.Ports;
import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * Redis and Kafka in Docker containers, the Kafka image at the version of kafka-clients
 * the parent pom pins;
 * loaded only when {@link DockerProbe} says Docker answers. Testcontainers removes them when the JVM exits.
 */
final class ContainerServers {

    private static final String KAFKA_IMAGE = "apache/kafka:4.4.0";

    private ContainerServers() {
    }

    static String startRedis() {
        GenericContainer<?> redis = new GenericContainer<>(DockerImageName.parse("redis:7"))
                .withExposedPorts(6379)
                .withCommand("redis-server", "--save", "", "--appendonly", "no")
                .waitingFor(Wait.forLogMessage(".*Ready to accept connections.*\\n", 1));
        redis.start();
        return "redis://" + redis.getHost() + ":" + redis.getMappedPort(6379);
    }

    /**
     * The broker advertises the address clients dial, so it listens inside the container on the same port the
     * host publishes: a port chosen free on the host, bound one to one.
     */
    static String startKafka() {
        int port = Ports.anyFree();
        GenericContainer<?> kafka = new GenericContainer<>(DockerImageName.parse(KAFKA_IMAGE))
                .withExposedPorts(port)
                .withCreateContainerCmdModifier(cmd -> cmd.withHostConfig(
                        (cmd.getHostConfig() == null ? HostConfig.newHostConfig() : cmd.getHostConfig())
                                .withPortBindings(new PortBinding(Binding.bindIpAndPort("127.0.0.1", port), new ExposedPort(port)))))
                .withEnv("KAFKA_NODE_ID", "1")
                .withEnv("KAFKA_PROCESS_ROLES", "broker,controller")
                .withEnv("KAFKA_LISTENERS", "PLAINTEXT://0.0.0.0:" + port + ",CONTROLLER://localhost:9093")
                .withEnv("KAFKA_ADVERTISED_LISTENERS", "PLAINTEXT://127.0.0.1:" + port)
                .withEnv("KAFKA_LISTENER_SECURITY_PROTOCOL_MAP", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT")
                .withEnv("KAFKA_CONTROLLER_LISTENER_NAMES", "CONTROLLER")
                .withEnv("KAFKA_CONTROLLER_QUORUM_VOTERS", "1@localhost:9093")
                .withEnv("KAFKA_NUM_PARTITIONS", "12")
                .withEnv("KAFKA_AUTO_CREATE_TOPICS_ENABLE", "false")
                .withEnv("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "0")
                .withEnv("KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", "1")
                .withEnv("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR", "1")
                .withEnv("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR", "1")
                .waitingFor(Wait.forLogMessage(".*Kafka Server started.*\\n", 1).withStartupTimeout(Duration.ofMinutes(2)));
        kafka.start();
        return "127.0.0.1:" + port;
    }
}
