package io.stagedoor.topics.connection;

import io.stagedoor.topics.TopicsMessages;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.errors.AuthenticationException;

/**
 * Asks the cluster who it is before a process starts its clients. Kafka clients retry an unreachable broker
 * forever and report refused credentials only in their logs, so without this a wrong password would leave the
 * ingress or a worker running and doing nothing; with it, the process fails at start and says why.
 */
public final class ClusterCheck {

    private ClusterCheck() {
    }

    /**
     * Returns the cluster id once the cluster has answered through {@code connection}.
     *
     * @throws IllegalStateException when the cluster refuses the TLS handshake or the SASL credentials
     *                               ({@link TopicsMessages#authenticationFailed}), or does not answer within
     *                               {@code deadline} ({@link TopicsMessages#noAnswer})
     */
    public static String verify(KafkaConnection connection, Duration deadline) {
        Map<String, Object> properties = connection.baseProperties();
        int millis = Math.toIntExact(deadline.toMillis());
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis);
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, millis);
        properties.put(AdminClientConfig.CLIENT_ID_CONFIG, "stagedoor-cluster-check");
        Admin admin = Admin.create(properties);
        try {
            return admin.describeCluster(new DescribeClusterOptions().timeoutMs(millis)).clusterId()
                    .get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AuthenticationException refused) {
                throw new IllegalStateException(TopicsMessages.authenticationFailed(connection.bootstrapServers(),
                        connection.securityProtocol(), connection.saslMechanism(), refused.getMessage()),
                        refused);
            }
            if (e.getCause() instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw new IllegalStateException(noAnswer(connection, deadline), e.getCause());
            }
            throw new IllegalStateException(TopicsMessages.checkFailed(connection.bootstrapServers(),
                    connection.securityProtocol(), connection.saslMechanism(), e.getCause()), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException(noAnswer(connection, deadline), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(noAnswer(connection, deadline), e);
        } finally {
            admin.close(Duration.ofSeconds(1));
        }
    }

    private static String noAnswer(KafkaConnection connection, Duration deadline) {
        return TopicsMessages.noAnswer(connection.bootstrapServers(), connection.securityProtocol(),
                connection.saslMechanism(), deadline);
    }
}
