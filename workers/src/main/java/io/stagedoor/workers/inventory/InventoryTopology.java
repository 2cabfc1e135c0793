package io.stagedoor.workers.inventory;

import io.stagedoor.topics.CheckoutRequested;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.JsonSerde;
import io.stagedoor.workers.WorkerMetrics;
import io.stagedoor.workers.WorkerSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The inventory's topology: holds, checkouts and payment outcomes (co-partitioned by event id) feed one
 * processor that owns the seat, hold, buyer-seat, due-work and processed-id stores; the events topic fills a global
 * store every task reads. Outputs go to results, seat-changes and payments.
 */
public final class InventoryTopology {

    private static final String HOLDS_SOURCE = "holds-source";
    private static final String CHECKOUTS_SOURCE = "checkouts-source";
    private static final String OUTCOMES_SOURCE = "payment-outcomes-source";
    private static final String EVENTS_SOURCE = "events-source";
    private static final String CHECKOUT_KEYS_SOURCE = "checkout-keys-source";
    private static final String INVENTORY = "inventory";

    private InventoryTopology() {
    }

    /**
     * The topics the inventory's consumer group reads, whose lag it reports. The events topic is not among them:
     * a global store reads it, outside the group.
     */
    public static List<String> inputs(TopicNames topics) {
        return List.of(topics.holds(), topics.checkouts(), topics.paymentOutcomes());
    }

    /** The topology for these topics, hold lifetime and expiry sweep interval, with the default checkout retention. */
    public static Topology build(TopicNames topics, Duration holdTtl, Duration expiryInterval, Clock clock,
                                 WorkerMetrics metrics) {
        return build(topics, holdTtl, expiryInterval, WorkerSettings.defaults().checkoutIdRetention(), clock, metrics);
    }

    /**
     * The topology for these topics, hold lifetime, expiry sweep interval and checkout retention (how long a paid
     * checkout key is remembered, see {@link WorkerSettings#checkoutIdRetention}).
     */
    public static Topology build(TopicNames topics, Duration holdTtl, Duration expiryInterval,
                                 Duration checkoutRetention, Clock clock, WorkerMetrics metrics) {
        Serde<String> keys = Serdes.String();
        JsonSerde<Object> values = JsonSerde.of(Object.class);
        Topology topology = new Topology();
        topology.addSource(HOLDS_SOURCE, keys.deserializer(), JsonSerde.of(HoldRequested.class), topics.holds());
        topology.addSource(CHECKOUTS_SOURCE, keys.deserializer(), JsonSerde.of(CheckoutRequested.class),
                topics.checkouts());
        topology.addSource(OUTCOMES_SOURCE, keys.deserializer(), JsonSerde.of(PaymentOutcome.class),
                topics.paymentOutcomes());
        Map<String, InventoryEvents.Known> events = InventoryEvents.sharedCache();
        topology.addProcessor(INVENTORY,
                () -> new InventoryProcessor(holdTtl, expiryInterval, checkoutRetention, clock, metrics, events),
                HOLDS_SOURCE, CHECKOUTS_SOURCE, OUTCOMES_SOURCE);
        topology.addStateStore(store(SeatBook.SEATS, JsonSerde.of(SeatClaim.class)), INVENTORY);
        topology.addStateStore(store(SeatBook.HOLDS, JsonSerde.of(Hold.class)), INVENTORY);
        topology.addStateStore(store(SeatBook.DUE, Serdes.String()), INVENTORY);
        topology.addStateStore(store(SeatBook.PROCESSED, Serdes.String()), INVENTORY);
        topology.addStateStore(store(SeatBook.BUYER_SEATS, Serdes.Integer()), INVENTORY);
        topology.addSink(InventoryOutputs.RESULTS, topics.results(), new StringSerializer(), values,
                new ResultLanePartitioner(), INVENTORY);
        topology.addSink(InventoryOutputs.SEAT_CHANGES, topics.seatChanges(), new StringSerializer(), values, INVENTORY);
        topology.addSink(InventoryOutputs.PAYMENTS, topics.payments(), new StringSerializer(), values, INVENTORY);
        topology.addSink(InventoryOutputs.CHECKOUT_KEYS, topics.checkoutKeys(), new StringSerializer(),
                new StringSerializer(), INVENTORY);
        topology.addGlobalStore(
                store(InventoryEvents.STORE, JsonSerde.of(EventDefinition.class)).withLoggingDisabled(),
                EVENTS_SOURCE, keys.deserializer(), JsonSerde.of(EventDefinition.class), topics.events(),
                "events-loader", () -> new GlobalLoader<>(InventoryEvents.STORE));
        topology.addGlobalStore(store(PaidKeys.STORE, Serdes.String()).withLoggingDisabled(),
                CHECKOUT_KEYS_SOURCE, keys.deserializer(), Serdes.String().deserializer(), topics.checkoutKeys(),
                "checkout-keys-loader", () -> new GlobalLoader<>(PaidKeys.STORE));
        return topology;
    }

    /**
     * In memory, restored from its changelog after a move or restart: persistent (RocksDB) stores made the pipeline
     * slower (decision 0007, figures in bench/RESULTS.md).
     */
    private static <V> StoreBuilder<KeyValueStore<String, V>> store(String name, Serde<V> values) {
        return Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), values);
    }

    /** Keeps a global store equal to its compacted topic (events, paid checkout keys), tombstones included. */
    private static final class GlobalLoader<V> implements Processor<String, V, Void, Void> {

        private final String store;
        private KeyValueStore<String, V> events;

        GlobalLoader(String store) {
            this.store = store;
        }

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            events = context.getStateStore(store);
        }

        @Override
        public void process(Record<String, V> record) {
            if (record.key() == null) {
                return;
            }
            if (record.value() == null) {
                events.delete(record.key());
            } else {
                events.put(record.key(), record.value());
            }
        }
    }
}
