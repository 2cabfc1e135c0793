package io.stagedoor.workers;

import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.embedded.Ports;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.checkout.CheckoutPool;
import io.stagedoor.workers.payment.Charge;
import io.stagedoor.workers.payment.PaymentGateway;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Payments slower than the share group's acquisition lock, on a broker of this test's own that accepts a 2 s lock
 * (brokers refuse less than 15 s by default). Each pool has two lanes, so a record whose lock ran out would have a
 * free lane to go to.
 */
class PaymentLockRenewalIT {

    private static final Duration LOCK = Duration.ofSeconds(2);
    private static EmbeddedKafka kafka;

    @BeforeAll
    static void startBroker() throws Exception {
        kafka = EmbeddedKafka.start(Files.createTempDirectory("stagedoor-lock-renewal-"), Ports.anyFree(),
                Map.of("group.share.min.record.lock.duration.ms", Long.toString(LOCK.toMillis())), Map.of());
    }

    @AfterAll
    static void stopBroker() {
        kafka.close();
    }

    @Test
    void aPaymentThreeTimesSlowerThanTheLockKeepsItsRecordAndIsChargedOnce() throws Exception {
        SimulatedGateway gateway = new SimulatedGateway(PayrailSettings.defaults().withLatency(LOCK.multipliedBy(3)));
        WorkerSettings settings = settings("renewal");
        WorkerMetrics metrics = WorkerMetrics.inMemory();
        try (CheckoutPool pool = CheckoutPool.start(settings, gateway, metrics);
             PaymentOutcomes outcomes = new PaymentOutcomes(settings)) {
            assertThat(pool.awaitAssigned(Duration.ofSeconds(60))).isTrue();
            PaymentRequested request = pay(settings);

            await().atMost(Duration.ofSeconds(30)).until(() -> outcomes.count(request.correlationId()) >= 1
                    && pool.busyLanes() == 0);

            assertThat(gateway.ledger().calls(request.gatewayKey())).isEqualTo(1);
            assertThat(gateway.ledger().charges(request.gatewayKey())).isEqualTo(1);
            // delivered once: no lane, this one or the other, acquired it a second time
            assertThat(metrics.count(WorkerMetrics.PAYMENTS_REDELIVERED)).isZero();
            assertThat(metrics.count(WorkerMetrics.PAYMENTS_RELEASED)).isZero();
            assertThat(outcomes.count(request.correlationId())).isEqualTo(1);
        }
    }

    /**
     * A lane that cannot renew (a gateway that holds the caller's thread, so the lane never gets to its poll loop)
     * loses its lock, and the broker hands the record to the other lane while the payment still runs. That delivery
     * joins the payment instead of calling the gateway again: one call, one charge, one outcome.
     */
    @Test
    void aRecordThatComesBackWhileItsPaymentRunsJoinsItWithoutCallingTheGatewayAgain() throws Exception {
        SimulatedGateway simulated = new SimulatedGateway(PayrailSettings.defaults().withLatency(Duration.ofMillis(50)));
        CountDownLatch redelivered = new CountDownLatch(1);
        PaymentGateway holdsItsFirstCaller = new PaymentGateway() {
            private final AtomicBoolean first = new AtomicBoolean(true);

            @Override
            public CompletionStage<Charge> charge(String idempotencyKey, long amountCents, String paymentToken) {
                if (first.getAndSet(false)) {
                    try {
                        redelivered.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return simulated.charge(idempotencyKey, amountCents, paymentToken);
            }

            @Override
            public CompletionStage<Void> voidCharge(String idempotencyKey, String reason) {
                return simulated.voidCharge(idempotencyKey, reason);
            }
        };
        WorkerSettings settings = settings("lost-lock");
        WorkerMetrics metrics = WorkerMetrics.inMemory();
        try (CheckoutPool pool = CheckoutPool.start(settings, holdsItsFirstCaller, metrics);
             PaymentOutcomes outcomes = new PaymentOutcomes(settings)) {
            assertThat(pool.awaitAssigned(Duration.ofSeconds(60))).isTrue();
            PaymentRequested request = pay(settings);

            await().atMost(Duration.ofSeconds(20))
                    .until(() -> metrics.count(WorkerMetrics.PAYMENTS_REDELIVERED) >= 1);
            redelivered.countDown();
            await().atMost(Duration.ofSeconds(30)).until(() -> outcomes.count(request.correlationId()) >= 1
                    && pool.busyLanes() == 0);

            assertThat(simulated.ledger().calls(request.gatewayKey())).isEqualTo(1);
            assertThat(simulated.ledger().charges(request.gatewayKey())).isEqualTo(1);
            assertThat(outcomes.count(request.correlationId())).isEqualTo(1);
        } finally {
            redelivered.countDown();
        }
    }

    private static WorkerSettings settings(String prefix) throws Exception {
        WorkerSettings settings = WorkerSettings.defaults().withKafka(kafka.bootstrapServers())
                .withNamespace(TestNames.unique(prefix)).withStateDir(Files.createTempDirectory("stagedoor-streams-"))
                .withRoles(EnumSet.of(WorkerRole.CHECKOUT))
                .withPayments(2, Duration.ofSeconds(10), LOCK);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            TopicCreator.ensure(admin, settings.topics(), TopicSettings.defaults().withPartitions(1), 30_000);
        }
        return settings;
    }

    /** Writes a payment request as the inventory does: keyed by correlation id, with the correlation-id header. */
    private static PaymentRequested pay(WorkerSettings settings) throws Exception {
        String id = UUID.randomUUID().toString();
        PaymentRequested request = new PaymentRequested(id, "ev", "hold-" + id, "buyer-" + id, 5_000,
                PayrailSettings.TOKEN_OK, Instant.now());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all"),
                new StringSerializer(), new ByteArraySerializer())) {
            ProducerRecord<String, byte[]> record = new ProducerRecord<>(settings.topics().payments(), id,
                    Json.write(request));
            Headers.putCorrelationId(record.headers(), id);
            producer.send(record).get(30, TimeUnit.SECONDS);
        }
        return request;
    }
}
