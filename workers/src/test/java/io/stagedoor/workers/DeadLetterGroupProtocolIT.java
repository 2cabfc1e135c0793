package io.stagedoor.workers;

import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.embedded.Ports;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.PaymentStatus;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.checkout.CheckoutPool;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The checkout pool's reader of dead letters, the project's consumer in a consumer group, speaks the consumer group
 * protocol (KIP-848) on a broker that offers it and the classic one on a broker that does not, and answers a dead
 * letter on both.
 */
class DeadLetterGroupProtocolIT {

    /** The brokers a pool may meet. */
    enum Broker {
        /** The shared test broker: a current cluster, which offers the consumer protocol. */
        CURRENT(null, Map.of(), Map.of(), Map.of(), GroupType.CONSUMER),
        /**
         * The shared broker, with the operator keeping the classic protocol in the Kafka client properties: the reader
         * obeys, and the lanes' share consumers, which refuse the key, still join their group.
         */
        CURRENT_KEPT_CLASSIC(null, Map.of(), Map.of(), Map.of("group.protocol", "classic"), GroupType.CLASSIC),
        /** A cluster whose {@code group.version} is 0, as one not yet upgraded: the reader never tries the new protocol. */
        GROUP_VERSION_ZERO("stagedoor-group-version-0-", Map.of(), Map.of("group.version", (short) 0), Map.of(),
                GroupType.CLASSIC),
        /**
         * A broker that advertises {@code group.version} 1 yet leaves {@code consumer} out of its (deprecated)
         * rebalance protocols: the reader's first poll is refused, and it opens a classic consumer.
         */
        CONSUMER_PROTOCOL_DISABLED("stagedoor-classic-only-",
                Map.of("group.coordinator.rebalance.protocols", "classic,share"), Map.of(), Map.of(), GroupType.CLASSIC);

        final String privateDir;
        final Map<String, String> brokerConfig;
        final Map<String, Short> features;
        final Map<String, String> clientProperties;
        final GroupType expected;

        Broker(String privateDir, Map<String, String> brokerConfig, Map<String, Short> features,
               Map<String, String> clientProperties, GroupType expected) {
            this.privateDir = privateDir;
            this.brokerConfig = brokerConfig;
            this.features = features;
            this.clientProperties = clientProperties;
            this.expected = expected;
        }
    }

    @ParameterizedTest
    @EnumSource(Broker.class)
    void theReaderSpeaksTheProtocolTheBrokerOffersAndAnswersADeadLetter(Broker broker) throws Exception {
        EmbeddedKafka own = broker.privateDir == null ? null : EmbeddedKafka.start(
                Files.createTempDirectory(broker.privateDir), Ports.anyFree(), broker.brokerConfig, broker.features);
        try {
            String bootstrap = own == null ? RealServers.kafkaBootstrap() : own.bootstrapServers();
            WorkerSettings settings = WorkerSettings.defaults().withKafka(bootstrap)
                    .withKafkaClient(broker.clientProperties)
                    .withNamespace(TestNames.unique("dl-protocol"))
                    .withStateDir(Files.createTempDirectory("stagedoor-streams-"))
                    .withRoles(EnumSet.of(WorkerRole.CHECKOUT))
                    .withPayments(1, Duration.ofSeconds(5), Duration.ofSeconds(30));
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
                TopicCreator.ensure(admin, settings.topics(), TopicSettings.defaults().withPartitions(1), 30_000);
                try (CheckoutPool pool = CheckoutPool.start(settings, SimulatedGateway.withDefaults(),
                        WorkerMetrics.inMemory());
                     PaymentOutcomes outcomes = new PaymentOutcomes(settings)) {
                    assertThat(pool.awaitAssigned(Duration.ofSeconds(60))).isTrue();
                    PaymentRequested request = deadLetter(settings);

                    await().atMost(Duration.ofSeconds(60)).until(() -> outcomes.count(request.correlationId()) >= 1);

                    assertThat(outcomes.of(request.correlationId())).extracting(PaymentOutcome::status)
                            .containsExactly(PaymentStatus.FAILED);
                    String group = settings.shareGroupId() + "-dead-letters";
                    assertThat(admin.describeConsumerGroups(List.of(group)).describedGroups().get(group)
                            .get(30, TimeUnit.SECONDS).type()).isEqualTo(broker.expected);
                }
            }
        } finally {
            if (own != null) {
                own.close();
            }
        }
    }

    /** Writes a payment request to the dead-letter topic, as the broker does with one delivered too often. */
    private static PaymentRequested deadLetter(WorkerSettings settings) throws Exception {
        String id = UUID.randomUUID().toString();
        PaymentRequested request = new PaymentRequested(id, "ev", "hold-" + id, "buyer-" + id, 5_000,
                PayrailSettings.TOKEN_OK, Instant.now());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all"),
                new StringSerializer(), new ByteArraySerializer())) {
            ProducerRecord<String, byte[]> record = new ProducerRecord<>(settings.topics().paymentsDeadLetter(), id,
                    Json.write(request));
            Headers.putCorrelationId(record.headers(), id);
            producer.send(record).get(30, TimeUnit.SECONDS);
        }
        return request;
    }
}
