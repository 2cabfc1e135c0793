package io.stagedoor.workers;

import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.json.Json;
import io.stagedoor.topics.json.JsonSerde;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import static org.awaitility.Awaitility.await;

/**
 * The ingress's side of the pipeline for tests, on the shared real broker and topics of its own: writes events,
 * hold and checkout requests as the ingress does (correlation-id header, keyed by event), and collects every
 * committed result and seat change.
 */
final class TestPipeline implements AutoCloseable {

    static final int PARTITIONS = 4;

    final String bootstrap = RealServers.kafkaBootstrap();
    final TopicNames names;
    /** What every seat of a test event costs. */
    static final long PRICE_CENTS = 5_000;
    final Map<String, List<Result>> results = new ConcurrentHashMap<>();
    final List<SeatChange> seatChanges = new CopyOnWriteArrayList<>();
    private final KafkaProducer<String, byte[]> producer;
    private final List<KafkaProducer<String, byte[]>> otherProducers = new CopyOnWriteArrayList<>();
    private final Thread reader;
    private volatile boolean open = true;

    TestPipeline(String prefix) {
        names = new TopicNames(TestNames.unique(prefix));
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            TopicCreator.ensure(admin, names, TopicSettings.defaults().withPartitions(PARTITIONS), 30_000);
        }
        producer = newProducer();
        reader = Thread.ofPlatform().daemon().name("results-reader").start(this::read);
    }

    /** Worker settings on this pipeline's topics, with a fresh state directory. */
    WorkerSettings settings() {
        try {
            Path state = Files.createTempDirectory("stagedoor-streams-");
            return WorkerSettings.defaults().withKafka(bootstrap).withNamespace(names.namespace()).withStateDir(state);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** An event with seats s1..sN at 50.00 each. */
    EventDefinition event(String eventId, int seats) {
        List<String> ids = IntStream.rangeClosed(1, seats).mapToObj(i -> "s" + i).toList();
        EventDefinition event = new EventDefinition(eventId, "Test " + eventId, "org-1", Instant.EPOCH, ids, PRICE_CENTS, null);
        send(names.events(), eventId, Json.write(event), null);
        // The inventory learns events from a global store, asynchronously: wait until it knows this one (a hold
        // on a seat it lacks then reads unknown-seat, not unknown-event). Needs a running inventory.
        await().atMost(Duration.ofSeconds(60)).until(() -> Reasons.UNKNOWN_SEAT.equals(
                awaitResult(hold(eventId, "probe", List.of("no-such-seat"))).reason()));
        return event;
    }

    String hold(String eventId, String buyer, List<String> seats) {
        return hold(producer, eventId, buyer, seats);
    }

    /**
     * Another producer of hold requests on these topics, standing in for a second ingress instance: its holds reach
     * the inventory on their own connection, interleaved with the first's. Closed with the pipeline.
     */
    HoldSender otherIngress() {
        KafkaProducer<String, byte[]> other = newProducer();
        otherProducers.add(other);
        return (eventId, buyer, seats) -> hold(other, eventId, buyer, seats);
    }

    /** Writes hold requests as one ingress instance does. */
    interface HoldSender {

        /** Writes a hold request; returns its correlation id. */
        String hold(String eventId, String buyer, List<String> seats);
    }

    private String hold(KafkaProducer<String, byte[]> through, String eventId, String buyer, List<String> seats) {
        String id = UUID.randomUUID().toString();
        send(through, names.holds(), eventId, Json.write(new HoldRequested(id, eventId, buyer, seats, Instant.now())),
                id);
        return id;
    }

    CheckoutRequested checkout(String eventId, String holdId, String buyer, String token) {
        String id = UUID.randomUUID().toString();
        CheckoutRequested request = new CheckoutRequested(id, eventId, holdId, buyer, token, Instant.now());
        resend(request);
        return request;
    }

    /** Writes a payment request for one seat as the inventory does (keyed by correlation id); returns its id. */
    String payment(String eventId, String token) {
        String id = UUID.randomUUID().toString();
        PaymentRequested request = new PaymentRequested(id, eventId, "hold-" + id, "buyer-" + id, 5_000, token,
                Instant.now());
        send(names.payments(), id, Json.write(request), id);
        return id;
    }

    /** Writes {@code body} to the payments topic as is, keyed by {@code correlationId}. */
    void rawPayment(String correlationId, byte[] body) {
        send(names.payments(), correlationId, body, correlationId);
    }

    /** Writes a checkout request again, as a retrying producer would. */
    void resend(CheckoutRequested request) {
        send(names.checkouts(), request.eventId(), Json.write(request), request.correlationId());
    }

    Result awaitResult(String correlationId) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(10))
                .until(() -> results.containsKey(correlationId));
        return results.get(correlationId).getFirst();
    }

    private KafkaProducer<String, byte[]> newProducer() {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new ByteArraySerializer());
    }

    private void send(String topic, String key, byte[] value, String correlationId) {
        send(producer, topic, key, value, correlationId);
    }

    private static void send(KafkaProducer<String, byte[]> through, String topic, String key, byte[] value,
                             String correlationId) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, key, value);
        if (correlationId != null) {
            Headers.putCorrelationId(record.headers(), correlationId);
        }
        try {
            through.send(record).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void read() {
        JsonSerde<Result> resultSerde = JsonSerde.of(Result.class);
        JsonSerde<SeatChange> changeSerde = JsonSerde.of(SeatChange.class);
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"), new StringDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (int p = 0; p < PARTITIONS; p++) {
                partitions.add(new TopicPartition(names.results(), p));
                partitions.add(new TopicPartition(names.seatChanges(), p));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (open) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                    if (record.topic().equals(names.results())) {
                        Result result = resultSerde.deserialize(record.topic(), record.value());
                        results.computeIfAbsent(result.correlationId(), k -> new CopyOnWriteArrayList<>()).add(result);
                    } else {
                        seatChanges.add(changeSerde.deserialize(record.topic(), record.value()));
                    }
                }
            }
        }
    }

    /**
     * The gateway key the checkout {@code correlationId} was charged under: bound to it, its hold and its amount (the
     * test events' price per seat), read from its result.
     */
    String paymentKey(String correlationId) {
        Result result = awaitResult(correlationId);
        return io.stagedoor.topics.PaymentKeys.of(correlationId, result.holdId(),
                PRICE_CENTS * result.seats().size());
    }

    @Override
    public void close() throws InterruptedException {
        open = false;
        reader.join(5_000);
        otherProducers.forEach(KafkaProducer::close);
        producer.close();
    }
}
