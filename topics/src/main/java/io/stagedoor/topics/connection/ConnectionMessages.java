package io.stagedoor.topics.connection;

import java.nio.file.Path;
import java.time.Duration;

/** Every message the connection package writes into an exception, in one place so tests can assert against it. */
public final class ConnectionMessages {

    private ConnectionMessages() {
    }

    public static String noBootstrap() {
        return "Kafka bootstrap servers must not be blank";
    }

    public static String unreadableFile(Path file, Exception cause) {
        return "cannot read the Kafka client properties " + file + ": " + cause.getMessage();
    }

    /** The cluster answered but refused the client's TLS handshake or SASL credentials. */
    public static String authenticationFailed(KafkaConnection connection, String detail) {
        return "Kafka at " + connection.bootstrapServers() + " refused to authenticate the client ("
                + describe(connection) + "): " + detail
                + "; check the credentials in the Kafka client properties (kafka.client-config)";
    }

    /** The cluster did not answer within the deadline, which is also how a protocol mismatch shows. */
    public static String noAnswer(KafkaConnection connection, Duration deadline) {
        return "Kafka at " + connection.bootstrapServers() + " did not answer within " + deadline.toSeconds()
                + " s (" + describe(connection) + "); check the bootstrap servers and that the listener speaks "
                + connection.securityProtocol();
    }

    /** The start check failed for another reason than refused credentials or silence. */
    public static String checkFailed(KafkaConnection connection, Throwable cause) {
        return "Kafka at " + connection.bootstrapServers() + " (" + describe(connection) + ") failed the start check: "
                + cause;
    }

    private static String describe(KafkaConnection connection) {
        String protocol = connection.securityProtocol();
        return protocol.startsWith("SASL") ? "listener " + protocol + ", mechanism " + connection.saslMechanism()
                : "listener " + protocol;
    }
}
