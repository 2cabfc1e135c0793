package io.stagedoor.embedded;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The configuration of a one-node KRaft cluster (broker and controller in one process) on 127.0.0.1, tuned
 * for a development box: every internal topic has one replica and one partition, no automatic topic creation,
 * share groups and transactions enabled.
 *
 * <p>An external cluster that Stagedoor's workers run against needs the same features: the
 * {@code share.version} feature finalized at 1 or higher (a 4.4 cluster formatted at the latest metadata
 * version gets 2 by default; {@code group.coordinator.rebalance.protocols} no longer decides it and is
 * deprecated), the share-coordinator state topic's replication factor and min ISR within the broker count,
 * and, for exactly-once processing,
 * {@code transaction.state.log.replication.factor} no larger than the broker count and
 * {@code transaction.state.log.min.isr} no larger than that.
 */
final class BrokerSettings {

    static final int NODE_ID = 1;
    static final String CONTROLLER_LISTENER = "CONTROLLER";
    static final int DEFAULT_PARTITIONS = 12;

    private BrokerSettings() {
    }

    /**
     * Adds {@code listener} on {@code port} to the settings of {@link #forOneNode}: SCRAM-SHA-512 always, PLAIN
     * when it names users. Inter-broker and controller traffic keep their PLAINTEXT listeners.
     */
    static void addSaslSsl(Map<String, String> props, int port, SaslSslListener listener) {
        String name = SaslSslListener.NAME;
        String prefix = "listener.name." + name.toLowerCase(java.util.Locale.ROOT) + ".";
        String address = name + "://" + Ports.LOOPBACK + ":" + port;
        props.merge("listeners", address, (known, added) -> known + "," + added);
        props.merge("advertised.listeners", address, (known, added) -> known + "," + added);
        props.merge("listener.security.protocol.map", name + ":" + name, (known, added) -> known + "," + added);
        String mechanisms = listener.plainUsers().isEmpty() ? "SCRAM-SHA-512" : "SCRAM-SHA-512,PLAIN";
        props.put("sasl.enabled.mechanisms", mechanisms);
        props.put(prefix + "sasl.enabled.mechanisms", mechanisms);
        props.put(prefix + "scram-sha-512.sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required;");
        if (!listener.plainUsers().isEmpty()) {
            StringBuilder jaas = new StringBuilder("org.apache.kafka.common.security.plain.PlainLoginModule required");
            listener.plainUsers().forEach((user, password) ->
                    jaas.append(" user_").append(user).append("=\"").append(password).append('"'));
            props.put(prefix + "plain.sasl.jaas.config", jaas.append(';').toString());
        }
        props.put(prefix + "ssl.keystore.type", "PKCS12");
        props.put(prefix + "ssl.keystore.location", listener.keystore().toAbsolutePath().toString());
        props.put(prefix + "ssl.keystore.password", listener.keystorePassword());
        props.put(prefix + "ssl.key.password", listener.keystorePassword());
    }

    static Map<String, String> forOneNode(Path logDir, int brokerPort, int controllerPort) {
        Map<String, String> props = new HashMap<>();
        String host = Ports.LOOPBACK;

        props.put("process.roles", "broker,controller");
        props.put("node.id", String.valueOf(NODE_ID));
        // A static voter set: the controller port may differ between runs on the same data dir.
        props.put("controller.quorum.voters", NODE_ID + "@" + host + ":" + controllerPort);
        props.put("listeners", "PLAINTEXT://" + host + ":" + brokerPort + "," + CONTROLLER_LISTENER + "://" + host + ":" + controllerPort);
        props.put("advertised.listeners", "PLAINTEXT://" + host + ":" + brokerPort);
        props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT," + CONTROLLER_LISTENER + ":PLAINTEXT");
        props.put("controller.listener.names", CONTROLLER_LISTENER);
        props.put("inter.broker.listener.name", "PLAINTEXT");
        props.put("log.dirs", logDir.toString());
        props.put("metadata.log.dir", logDir.toString());

        props.put("num.partitions", String.valueOf(DEFAULT_PARTITIONS));
        props.put("default.replication.factor", String.valueOf(1));
        props.put("min.insync.replicas", String.valueOf(1));
        props.put("auto.create.topics.enable", String.valueOf(false));

        props.put("offsets.topic.replication.factor", String.valueOf(1));
        props.put("offsets.topic.num.partitions", String.valueOf(1));
        props.put("group.initial.rebalance.delay.ms", String.valueOf(0));
        // Members of new-protocol groups learn their assignment on a heartbeat: beat faster than the 5 s default.
        props.put("group.consumer.min.heartbeat.interval.ms", "500");
        props.put("group.consumer.heartbeat.interval.ms", "1000");
        props.put("group.share.min.heartbeat.interval.ms", "500");
        props.put("group.share.heartbeat.interval.ms", "1000");

        props.put("transaction.state.log.replication.factor", String.valueOf(1));
        props.put("transaction.state.log.min.isr", String.valueOf(1));
        props.put("transaction.state.log.num.partitions", String.valueOf(1));

        props.put("share.coordinator.state.topic.replication.factor", String.valueOf(1));
        props.put("share.coordinator.state.topic.min.isr", String.valueOf(1));
        props.put("share.coordinator.state.topic.num.partitions", String.valueOf(1));

        props.put("log.segment.bytes", String.valueOf(16 * 1024 * 1024));
        props.put("log.retention.hours", String.valueOf(24));
        props.put("log.cleaner.dedupe.buffer.size", String.valueOf(8L * 1024 * 1024));
        props.put("log.cleaner.threads", String.valueOf(1));
        props.put("num.network.threads", String.valueOf(2));
        props.put("num.io.threads", String.valueOf(4));
        props.put("num.recovery.threads.per.data.dir", String.valueOf(1));
        props.put("background.threads", String.valueOf(2));
        return props;
    }

    /**
     * The configuration of node {@code nodeId} of a three-node KRaft cluster on 127.0.0.1 (each node broker and
     * controller, {@code voters} the static voter set): the one-node tuning, with every topic and internal topic
     * (offsets, transaction state, share-coordinator state) at replication factor 3 and min ISR 2, so that one node
     * may die without losing an acknowledged record or stopping writes. Leaders move off a node only when the
     * controller stops hearing from it: no controlled shutdown, so stopping a node looks to the cluster like a
     * crash, and the controller fences it within {@code broker.session.timeout.ms} ({@link #CLUSTER_SESSION_TIMEOUT_MS}).
     */
    static Map<String, String> forClusterNode(int nodeId, Path logDir, int brokerPort, int controllerPort, String voters) {
        Map<String, String> props = forOneNode(logDir, brokerPort, controllerPort);
        String replicas = String.valueOf(CLUSTER_REPLICAS);
        String inSync = String.valueOf(CLUSTER_MIN_INSYNC);
        props.put("node.id", String.valueOf(nodeId));
        props.put("controller.quorum.voters", voters);
        props.put("default.replication.factor", replicas);
        props.put("min.insync.replicas", inSync);
        props.put("offsets.topic.replication.factor", replicas);
        props.put("transaction.state.log.replication.factor", replicas);
        props.put("transaction.state.log.min.isr", inSync);
        props.put("share.coordinator.state.topic.replication.factor", replicas);
        props.put("share.coordinator.state.topic.min.isr", inSync);
        // A stopped node hands nothing over: the controller must notice it is gone, as after a crash.
        props.put("controlled.shutdown.enable", String.valueOf(false));
        // The 9 s default would keep a dead leader's partitions unwritable for 9 s; the test measures the window.
        props.put("broker.session.timeout.ms", String.valueOf(CLUSTER_SESSION_TIMEOUT_MS));
        props.put("broker.heartbeat.interval.ms", String.valueOf(500));
        return props;
    }

    static final int CLUSTER_REPLICAS = 3;
    static final int CLUSTER_MIN_INSYNC = 2;
    static final int CLUSTER_SESSION_TIMEOUT_MS = 4_000;
}
