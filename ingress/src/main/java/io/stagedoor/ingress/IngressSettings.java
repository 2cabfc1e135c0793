package io.stagedoor.ingress;

import io.stagedoor.topics.TopicNames;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;

/**
 * Everything one ingress instance needs to know. Every field has a default in {@link #defaults(String)}.
 *
 * @param bindAddress      the address to listen on (default 127.0.0.1)
 * @param port             the HTTP port (default 8080; 0 picks a free one)
 * @param kafkaBootstrap   the brokers
 * @param topics           the topic names (default: no namespace)
 * @param tokenSecret      HMAC secret of buyer tokens and correlation ids, ≥ 32 bytes (default: the development secret)
 * @param tokenIssuer      the issuer every buyer token must name (default "stagedoor")
 * @param adminKey         the operator key for admin routes (default "dev-admin-key")
 * @param maxBodyBytes     the largest request body (default 16 KiB)
 * @param maxSeatsPerHold  seats one hold may take (default 8)
 * @param resultsWindow    how long results stay readable (default 2 minutes)
 * @param maxResults       the most results the view keeps (default 1,200,000)
 * @param maxWaitingPolls  the most long polls waiting at once (default 20,000)
 * @param producerMaxBlock how long a publish may wait for broker metadata (default 500 ms)
 * @param deliveryTimeout  how long a publish may wait for the broker's acknowledgement (default 1,000 ms)
 */
public record IngressSettings(String bindAddress, int port, String kafkaBootstrap, TopicNames topics,
                              String tokenSecret, String tokenIssuer, String adminKey, int maxBodyBytes,
                              int maxSeatsPerHold, Duration resultsWindow, long maxResults, int maxWaitingPolls,
                              Duration producerMaxBlock, Duration deliveryTimeout) {

    /** The development secret: fine on a laptop, never in production. */
    public static final String DEVELOPMENT_SECRET = "stagedoor-development-secret-change-me-in-production";

    public IngressSettings {
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(kafkaBootstrap, "kafkaBootstrap");
        Objects.requireNonNull(topics, "topics");
        if (tokenSecret == null || tokenSecret.getBytes(StandardCharsets.UTF_8).length < 32) {
            throw new IllegalArgumentException("tokenSecret must have at least 32 bytes");
        }
        if (adminKey == null || adminKey.isBlank()) {
            throw new IllegalArgumentException("adminKey must not be blank");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535, was " + port);
        }
        if (maxBodyBytes < 256) {
            throw new IllegalArgumentException("maxBodyBytes must be at least 256, was " + maxBodyBytes);
        }
        if (maxSeatsPerHold < 1) {
            throw new IllegalArgumentException("maxSeatsPerHold must be at least 1, was " + maxSeatsPerHold);
        }
        if (deliveryTimeout.toMillis() < 200) {
            throw new IllegalArgumentException("deliveryTimeout must be at least 200 ms, was " + deliveryTimeout);
        }
    }

    /** The defaults, against the given brokers. */
    public static IngressSettings defaults(String kafkaBootstrap) {
        return new IngressSettings("127.0.0.1", 8080, kafkaBootstrap, TopicNames.defaults(), DEVELOPMENT_SECRET,
                "stagedoor", "dev-admin-key", 16 * 1024, 8, Duration.ofMinutes(2), 1_200_000, 20_000,
                Duration.ofMillis(500), Duration.ofMillis(1000));
    }

    public IngressSettings withPort(int newPort) {
        return new IngressSettings(bindAddress, newPort, kafkaBootstrap, topics, tokenSecret, tokenIssuer, adminKey,
                maxBodyBytes, maxSeatsPerHold, resultsWindow, maxResults, maxWaitingPolls, producerMaxBlock,
                deliveryTimeout);
    }

    public IngressSettings withTopics(TopicNames newTopics) {
        return new IngressSettings(bindAddress, port, kafkaBootstrap, newTopics, tokenSecret, tokenIssuer, adminKey,
                maxBodyBytes, maxSeatsPerHold, resultsWindow, maxResults, maxWaitingPolls, producerMaxBlock,
                deliveryTimeout);
    }

    public IngressSettings withResultsWindow(Duration window) {
        return new IngressSettings(bindAddress, port, kafkaBootstrap, topics, tokenSecret, tokenIssuer, adminKey,
                maxBodyBytes, maxSeatsPerHold, window, maxResults, maxWaitingPolls, producerMaxBlock,
                deliveryTimeout);
    }

    public byte[] secretBytes() {
        return tokenSecret.getBytes(StandardCharsets.UTF_8);
    }
}
