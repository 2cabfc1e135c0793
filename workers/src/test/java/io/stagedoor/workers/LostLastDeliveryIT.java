package io.stagedoor.workers;

import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.workers.checkout.CheckoutPool;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The fault a chaos run once caught: every delivery of a payment request goes to a member of the share group that
 * stops holding it, unacknowledged, until its lock runs out (as a SIGKILLed worker does), so no lane ever pays or
 * gives up on it and the broker archives it at the delivery limit. The broker dead-letters it, and the pool's
 * reader of the dead letters fails the checkout: the buyer still gets exactly one result.
 */
class LostLastDeliveryIT {

    private static final int DELIVERIES = 2;
    private static final Duration LOCK = Duration.ofSeconds(15);

    @Test
    void aPaymentWhoseEveryDeliveryIsHeldTillItsLockRunsOutStillEndsInOneFailedResult() throws Exception {
        SimulatedGateway gateway = new SimulatedGateway(PayrailSettings.defaults().withLatency(Duration.ofMillis(50)));
        try (TestPipeline pipeline = new TestPipeline("lost-delivery");
             Workers inventory = Workers.start(pipeline.settings().withRoles(EnumSet.of(WorkerRole.INVENTORY)),
                     gateway)) {
            // the least delivery limit and lock a broker accepts by default, so the test takes seconds
            WorkerSettings settings = pipeline.settings().withMaxDeliveries(DELIVERIES)
                    .withPayments(20, Duration.ofSeconds(5), LOCK);
            CheckoutPool.configureGroup(settings);
            assertThat(inventory.awaitReady(Duration.ofSeconds(60))).isTrue();
            pipeline.event("ev", 5);
            Result held = pipeline.awaitResult(pipeline.hold("ev", "b1", List.of("s1")));
            CheckoutRequested checkout = pipeline.checkout("ev", held.holdId(), "b1", PayrailSettings.TOKEN_OK);

            List<KafkaShareConsumer<String, byte[]>> doomed = new ArrayList<>();
            try {
                for (int delivery = 1; delivery <= DELIVERIES; delivery++) {
                    // a member acquires the request, then never polls or acknowledges again: its lock runs out
                    KafkaShareConsumer<String, byte[]> member = doomedMember(settings);
                    doomed.add(member);
                    int expected = delivery;
                    await().atMost(LOCK.multipliedBy(2))
                            .until(() -> acquired(member, checkout.correlationId()) == expected);
                }
                try (KafkaConsumer<String, byte[]> reader = endOffsetReader(settings)) {
                    await().atMost(LOCK.multipliedBy(2)).until(() -> deadLetters(reader, settings) == 1);
                }
            } finally {
                doomed.forEach(member -> member.close(Duration.ofSeconds(5)));
            }
            assertThat(pipeline.results).doesNotContainKey(checkout.correlationId());

            try (Workers pool = Workers.start(settings.withRoles(EnumSet.of(WorkerRole.CHECKOUT)), gateway)) {
                Result failed = pipeline.awaitResult(checkout.correlationId());
                assertThat(failed).extracting(Result::status, Result::reason)
                        .containsExactly(ResultStatus.FAILED, Reasons.PAYMENT_FAILED);
                assertThat(gateway.ledger().calls(pipeline.paymentKey(checkout.correlationId()))).isZero();
                // a later request on the same partition is answered only after everything before it
                assertThat(pipeline.awaitResult(pipeline.hold("ev", "b2", List.of("s2"))).status())
                        .isEqualTo(ResultStatus.HELD);
                assertThat(pipeline.results.get(checkout.correlationId())).hasSize(1);
            }
        }
    }

    private static KafkaShareConsumer<String, byte[]> doomedMember(WorkerSettings settings) {
        KafkaShareConsumer<String, byte[]> member = new KafkaShareConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, settings.shareGroupId(),
                ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, "explicit",
                ConsumerConfig.SHARE_ACQUIRE_MODE_CONFIG, "record_limit",
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1),
                new StringDeserializer(), new ByteArrayDeserializer());
        member.subscribe(List.of(settings.topics().payments()));
        return member;
    }

    /**
     * Polls once; the delivery count of the request if this poll acquired it, else 0. Called again only while it
     * returned 0: in explicit mode a member that got a record may not poll again without acknowledging it.
     */
    private static int acquired(KafkaShareConsumer<String, byte[]> member, String correlationId) {
        for (ConsumerRecord<String, byte[]> record : member.poll(Duration.ofMillis(200))) {
            if (correlationId.equals(record.key())) {
                return record.deliveryCount().map(Short::intValue).orElse(0);
            }
        }
        return 0;
    }

    private static KafkaConsumer<String, byte[]> endOffsetReader(WorkerSettings settings) {
        return new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers()),
                new StringDeserializer(), new ByteArrayDeserializer());
    }

    /** The records on the payments dead-letter topic so far. */
    private static int deadLetters(KafkaConsumer<String, byte[]> reader, WorkerSettings settings) {
        List<TopicPartition> partitions = reader.partitionsFor(settings.topics().paymentsDeadLetter()).stream()
                .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
        return (int) reader.endOffsets(partitions).values().stream().mapToLong(Long::longValue).sum();
    }
}
