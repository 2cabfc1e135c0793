package io.stagedoor.bench.checkout;

import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.PaymentRequested;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkerRole;
import io.stagedoor.workers.WorkerSettings;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The workers under load on a real broker (embedded, or {@code --kafka host:port}).
 *
 * <p>Checkout pool: {@code N} in-process pool instances (N = 1, 2, 4) share one Payrail of fixed latency;
 * {@code 240 x N} payment requests are written to the payments topic at once, and the rate of outcomes is
 * measured from the first request written to the last outcome read (so the first acquisition and the tail count),
 * with the mean number of payments in flight over that time. Target: at least 0.9 x 20 x N / latency. A first
 * round with one instance warms the JVM and the broker's share coordinator up and is printed but not counted.
 * Inventory: one instance takes {@code --holds} single-seat holds written at once; the rate of results is
 * measured from the first to the last.
 *
 * <p>Run: {@code java -cp <bench classpath> io.stagedoor.bench.checkout.CheckoutBenchmark [--kafka host:port]
 * [--latency-ms 500] [--instances 1,2,4] [--per-instance 240] [--holds 20000]}.
 */
public final class CheckoutBenchmark {

    private static final int PARTITIONS = 12;
    private static final int SLOTS = 20;
    /** The seat of each event the inventory round holds to learn the event is known; also its probes' id prefix. */
    private static final String PROBE_SEAT = "probe";

    private CheckoutBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String kafka = option(args, "--kafka", null);
        Duration latency = Duration.ofMillis(Long.parseLong(option(args, "--latency-ms", "500")));
        int perInstance = Integer.parseInt(option(args, "--per-instance", "240"));
        int holds = Integer.parseInt(option(args, "--holds", "20000"));
        List<Integer> instances = List.of(option(args, "--instances", "1,2,4").split(",")).stream()
                .map(Integer::parseInt).toList();
        EmbeddedKafka embedded = null;
        if (kafka == null) {
            embedded = EmbeddedKafka.start(Files.createTempDirectory("stagedoor-bench-kafka-"), 0);
            kafka = embedded.bootstrapServers();
        }
        try {
            System.out.printf("checkout pool, gateway latency %d ms, %d slots per instance%n", latency.toMillis(), SLOTS);
            System.out.println("instances  payments  checkouts/s  target/s  ratio  mean in flight  max in flight per instance (all)");
            // The JVM's first round runs cold (JIT, the broker's first share group): printed, not counted.
            System.out.print("warm-up ");
            poolRound(kafka, 1, perInstance, latency);
            for (int n : instances) {
                poolRound(kafka, n, n * perInstance, latency);
            }
            inventoryRound(kafka, holds);
        } finally {
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    private static void poolRound(String kafka, int instances, int payments, Duration latency) throws Exception {
        TopicNames names = new TopicNames("bench-pool-" + UUID.randomUUID().toString().substring(0, 8));
        SimulatedGateway gateway = new SimulatedGateway(PayrailSettings.defaults().withLatency(latency));
        WorkerSettings settings = settings(kafka, names).withRoles(Set.of(WorkerRole.CHECKOUT));
        List<Workers> pools = new ArrayList<>();
        try (BenchKafka bench = new BenchKafka(kafka, names, PARTITIONS)) {
            for (int i = 0; i < instances; i++) {
                pools.add(Workers.start(settings, gateway));
            }
            for (Workers pool : pools) {
                pool.awaitReady(Duration.ofSeconds(60));
            }
            BenchKafka.Counter outcomes = bench.count(names.paymentOutcomes(), PARTITIONS, record -> true);
            InFlightSampler inFlight = InFlightSampler.start(pools);
            long started = System.nanoTime();
            for (int i = 0; i < payments; i++) {
                String id = UUID.randomUUID().toString();
                PaymentRequested request = new PaymentRequested(id, "ev" + (i % 48), "hold-" + i, "b" + i, 5_000,
                        PayrailSettings.TOKEN_OK, Instant.now());
                bench.send(names.payments(), id, Json.write(request), id);
            }
            bench.flush();
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (outcomes.count.get() < payments && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            outcomes.stopped = true;
            inFlight.stop();
            // From the first request written to the last outcome read: the ramp-up and the tail count.
            double rate = outcomes.count.get() / ((outcomes.last.get() - started) / 1e9);
            double target = 0.9 * SLOTS * instances / (latency.toMillis() / 1000.0);
            String perInstanceMax = pools.stream().map(w -> Integer.toString(w.metrics().paymentsInFlightMax()))
                    .reduce((a, b) -> a + "," + b).orElse("");
            System.out.printf("%9d  %8d  %11.1f  %8.1f  %5.2f  %14.1f  %s (%d)%n", instances, outcomes.count.get(),
                    rate, target, rate / target, inFlight.mean(), perInstanceMax, gateway.mostInProgress());
        } finally {
            pools.forEach(Workers::close);
        }
    }

    private static void inventoryRound(String kafka, int holds) throws Exception {
        TopicNames names = new TopicNames("bench-inv-" + UUID.randomUUID().toString().substring(0, 8));
        WorkerSettings settings = settings(kafka, names).withRoles(Set.of(WorkerRole.INVENTORY));
        int events = PARTITIONS * 2;
        int seatsPerEvent = holds / events + 1;
        try (BenchKafka bench = new BenchKafka(kafka, names, PARTITIONS);
             Workers inventory = Workers.start(settings, null)) {
            List<String> seats = Stream.concat(IntStream.rangeClosed(1, seatsPerEvent).mapToObj(i -> "s" + i),
                    Stream.of(PROBE_SEAT)).toList();
            for (int e = 0; e < events; e++) {
                EventDefinition event = new EventDefinition("ev" + e, "Bench " + e, "org", Instant.EPOCH, seats,
                        5_000, null);
                bench.send(names.events(), event.eventId(), Json.write(event), event.eventId());
            }
            bench.flush();
            inventory.awaitReady(Duration.ofSeconds(60));
            AtomicLong held = new AtomicLong();
            Set<String> known = ConcurrentHashMap.newKeySet();
            BenchKafka.Counter results = bench.count(names.results(), PARTITIONS, record -> {
                Result result = Json.read(record.value(), Result.class);
                if (result.correlationId().startsWith(PROBE_SEAT)) {
                    if (result.status() == ResultStatus.HELD) {
                        known.add(record.key().substring(PROBE_SEAT.length(), record.key().lastIndexOf('-')));
                    }
                    return false;
                }
                if (result.status() == ResultStatus.HELD) {
                    held.incrementAndGet();
                }
                return true;
            });
            awaitEventsKnown(bench, names, events, known);
            for (int i = 0; i < holds; i++) {
                String id = UUID.randomUUID().toString();
                String eventId = "ev" + (i % events);
                HoldRequested hold = new HoldRequested(id, eventId, "b" + i, List.of("s" + (1 + i / events)),
                        Instant.now());
                bench.send(names.holds(), eventId, Json.write(hold), id);
            }
            bench.flush();
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (results.count.get() < holds && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            results.stopped = true;
            System.out.printf("inventory, one instance (1 stream thread, exactly-once, %d partitions): "
                    + "%d holds answered (%d held), %.0f holds/s%n", PARTITIONS, results.count.get(), held.get(),
                    results.perSecond());
        }
    }

    /**
     * The inventory's global events store fills apart from its readiness: holds one seat of its own per event until
     * every event has held one (a hold for an event the store does not know yet is rejected, and tried again).
     */
    private static void awaitEventsKnown(BenchKafka bench, TopicNames names, int events, Set<String> known)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        for (int attempt = 0; known.size() < events; attempt++) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the inventory knew " + known.size() + " of " + events + " events");
            }
            for (int e = 0; e < events; e++) {
                String eventId = "ev" + e;
                if (!known.contains(eventId)) {
                    String id = PROBE_SEAT + eventId + "-" + attempt;
                    HoldRequested probe = new HoldRequested(id, eventId, "probe", List.of(PROBE_SEAT), Instant.now());
                    bench.send(names.holds(), eventId, Json.write(probe), id);
                }
            }
            bench.flush();
            long retry = System.nanoTime() + Duration.ofSeconds(1).toNanos();
            while (known.size() < events && System.nanoTime() < retry) {
                Thread.sleep(20);
            }
        }
    }

    private static WorkerSettings settings(String kafka, TopicNames names) throws Exception {
        Path state = Files.createTempDirectory("stagedoor-bench-streams-");
        return WorkerSettings.defaults().withKafka(kafka).withNamespace(names.namespace()).withStateDir(state);
    }

    private static String option(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
