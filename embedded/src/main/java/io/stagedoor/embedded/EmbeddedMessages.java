package io.stagedoor.embedded;

import java.nio.file.Path;
import org.apache.kafka.common.TopicPartition;

/**
 * Every message the embedded servers write into an exception, in one place so wording lives here and tests
 * assert against it rather than against copied strings.
 */
public final class EmbeddedMessages {

    private EmbeddedMessages() {
    }

    // Kafka

    public static String kafkaDidNotStart(int port, Path logDir) {
        return "Kafka did not start on " + Ports.LOOPBACK + ":" + port + " with data in " + logDir;
    }

    public static String noSaslSslListener() {
        return "this broker was started without a SASL_SSL listener";
    }

    public static String cannotCreateLogDir(Path logDir) {
        return "cannot create " + logDir;
    }

    public static String cannotFormatStorage(Path logDir) {
        return "cannot format KRaft storage in " + logDir;
    }

    public static String interruptedSettingShareGroup(String groupId) {
        return "interrupted while setting " + ShareGroups.AUTO_OFFSET_RESET + " of share group " + groupId;
    }

    public static String cannotSetShareGroupEarliest(String groupId) {
        return "cannot set " + ShareGroups.AUTO_OFFSET_RESET + "=earliest on share group " + groupId;
    }

    // the three-node cluster

    public static String clusterDidNotStart(Path root) {
        return "the three-node Kafka cluster did not start in " + root;
    }

    public static String cannotDeleteLogDir(Path logDir) {
        return "cannot remove the Kafka data in " + logDir + " before starting the cluster again";
    }

    public static String noLeader(TopicPartition partition) {
        return partition + " has no leader";
    }

    public static String clusterClosed() {
        return "the cluster is closed";
    }

    public static String nodeDidNotStart(int nodeId, int port, Path logDir) {
        return "Kafka node " + nodeId + " did not start on " + Ports.LOOPBACK + ":" + port + " with data in " + logDir;
    }

    public static String noSuchNode(int nodeId) {
        return "no Kafka node " + nodeId + "; nodes are 1 to " + EmbeddedKafkaCluster.NODES;
    }

    /** A node's meta.properties, which names the cluster it was formatted for, cannot be read. */
    public static String cannotReadMeta(Path meta) {
        return "cannot read " + meta;
    }

    public static String noSuchPartition(TopicPartition partition) {
        return "no partition " + partition;
    }

    public static String interruptedDescribing(String topic) {
        return "interrupted while describing " + topic;
    }

    public static String cannotDescribeTopic(String topic, String reason) {
        return "cannot describe topic " + topic + ": " + reason;
    }

    // ports

    public static String noFreePort() {
        return "no free port on " + Ports.LOOPBACK;
    }

    // Redis

    public static String cannotPrepareRedis(int port) {
        return "cannot prepare redis-server on port " + port;
    }

    public static String redisClosed(int port) {
        return "redis on port " + port + " is closed";
    }

    public static String redisDidNotStart(int port, boolean portTaken) {
        return "redis-server did not start on " + Ports.LOOPBACK + ":" + port + (portTaken ? " (the port is taken)" : "");
    }

    public static String cannotStopRedis(int port) {
        return "cannot stop redis on port " + port;
    }
}
