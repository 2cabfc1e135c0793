package io.stagedoor.topics.connection;

import io.stagedoor.topics.TopicsMessages;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.common.config.SaslConfigs;

/**
 * Where a Kafka client connects and with which client properties (security protocol, SASL mechanism and JAAS
 * configuration, trust and key stores, or any other client setting). Every producer, consumer, admin client and
 * Streams instance of the project starts from {@link #baseProperties()} and adds only what its role needs, so a
 * cluster behind TLS and SASL takes no code change.
 *
 * <p>The bootstrap servers given here always win: a {@code bootstrap.servers} among the client properties is
 * dropped, as Kafka's own tools let {@code --bootstrap-server} win over their {@code --command-config} file.
 *
 * @param bootstrapServers  {@code host:port[,host:port…]}
 * @param clientProperties  Kafka client properties added to every client (default none: PLAINTEXT)
 */
public record KafkaConnection(String bootstrapServers, Map<String, String> clientProperties) {

    public KafkaConnection {
        if (bootstrapServers == null || bootstrapServers.isBlank()) {
            throw new IllegalArgumentException(TopicsMessages.noBootstrap());
        }
        Map<String, String> copy = new TreeMap<>(Objects.requireNonNull(clientProperties, "clientProperties"));
        copy.remove(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG);
        clientProperties = Map.copyOf(copy);
    }

    /** A connection to {@code bootstrapServers} with no client properties (PLAINTEXT, no authentication). */
    public static KafkaConnection plaintext(String bootstrapServers) {
        return new KafkaConnection(bootstrapServers, Map.of());
    }

    /** A new mutable map holding the client properties and {@code bootstrap.servers}, for a client to add to. */
    public Map<String, Object> baseProperties() {
        Map<String, Object> properties = new HashMap<>(clientProperties);
        properties.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return properties;
    }

    /** The same client properties against other bootstrap servers. */
    public KafkaConnection withBootstrap(String servers) {
        return new KafkaConnection(servers, clientProperties);
    }

    /** {@code security.protocol}, PLAINTEXT when unset. */
    public String securityProtocol() {
        return clientProperties.getOrDefault(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG,
                CommonClientConfigs.DEFAULT_SECURITY_PROTOCOL);
    }

    /** {@code sasl.mechanism}, Kafka's default (GSSAPI) when unset; meaningful only for a SASL protocol. */
    public String saslMechanism() {
        return clientProperties.getOrDefault(SaslConfigs.SASL_MECHANISM, SaslConfigs.DEFAULT_SASL_MECHANISM);
    }

    /** Names the servers, protocol and property keys, never a value: JAAS lines and store passwords are secrets. */
    @Override
    public String toString() {
        return "KafkaConnection[" + bootstrapServers + ", " + securityProtocol() + ", properties "
                + new TreeMap<>(clientProperties).keySet() + "]";
    }
}
