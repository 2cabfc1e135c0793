package io.stagedoor.bench.results;

import io.stagedoor.ingress.follow.ResultLaneFollower;
import io.stagedoor.ingress.results.ResultsView;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ids.ResultLanes;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.topics.ids.CorrelationIds;
import io.stagedoor.topics.json.Json;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** One round: {@code instances} followers in one design, results written at the round's rate, their CPU measured. */
final class FollowRound {

    private static final Duration WINDOW = Duration.ofMinutes(2);
    private static final byte[] SECRET = "results-follow-benchmark-secret-32b".getBytes(StandardCharsets.UTF_8);
    private static final Duration WARM = Duration.ofSeconds(3);
    private static final long BURST_NANOS = Duration.ofMillis(5).toNanos();

    /** How each instance follows the results topic and where polls go. */
    enum Design {
        /** Every instance follows every partition, as before decision 0028. */
        EVERY_PARTITION("every partition"),
        /** Each follows its home lanes; each poll reaches the instance that took the request. */
        LANES("lanes"),
        /** Each follows its home lanes; each poll reaches a random instance, which visits the lane. */
        LANES_ROUND_ROBIN("lanes, polls anywhere");

        final String label;

        Design(String label) {
            this.label = label;
        }
    }

    record Sizes(double rate, int seconds, int partitions) {
    }

    /** What one round measured, as a table row. */
    record Figures(Design design, int instances, double recordsPerInstancePerSecond, double cpuMicrosPerSecond,
                   double cpuMicrosPerRecord, double cpuMicrosPerAccepted, double lanesPerInstance) {
        static final String HEADER = "design                  instances  followed/s per instance  follower CPU µs/s  "
                + "µs per record  µs per accepted  lanes followed";

        @Override
        public String toString() {
            return String.format("%-22s  %9d  %23.0f  %17.0f  %13.2f  %15.2f  %14.1f", design.label, instances,
                    recordsPerInstancePerSecond, cpuMicrosPerSecond, cpuMicrosPerRecord, cpuMicrosPerAccepted,
                    lanesPerInstance);
        }
    }

    private final String bootstrap;
    private final TopicNames names;
    private final Sizes sizes;
    private final Design design;
    private final int instances;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    FollowRound(String bootstrap, TopicNames names, Sizes sizes, Design design, int instances) {
        this.bootstrap = bootstrap;
        this.names = names;
        this.sizes = sizes;
        this.design = design;
        this.instances = instances;
    }

    Figures run() throws Exception {
        try (Admin admin = Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            TopicCreator.ensure(admin, names, TopicSettings.defaults().withPartitions(sizes.partitions()), 30_000);
        }
        CorrelationIds ids = new CorrelationIds(SECRET, Clock.systemUTC());
        KafkaConnection kafka = KafkaConnection.plaintext(bootstrap);
        List<ResultLaneFollower> followers = new ArrayList<>();
        List<Long> threadIds = new ArrayList<>();
        try (KafkaProducer<String, byte[]> producer = producer()) {
            for (int i = 0; i < instances; i++) {
                boolean lanes = design != Design.EVERY_PARTITION;
                ResultsView view = new ResultsView(WINDOW, 1_200_000, 20_000);
                List<Long> before = followerThreads();
                followers.add(ResultLaneFollower.start(kafka, names.results(), lanes ? i : 0, lanes ? instances : 1,
                        WINDOW, Clock.systemUTC(), view::apply));
                threadIds.addAll(followerThreads().stream().filter(id -> !before.contains(id)).toList());
                int self = i;
                view.onLookup(id -> followers.get(self).lookedUp(id));
            }
            long[] cpuStart = new long[instances];
            long[] recordsStart = new long[instances];
            long total = Math.round(sizes.rate() * (sizes.seconds() + WARM.toSeconds()));
            long started = System.nanoTime();
            long measuredFrom = 0;
            for (long k = 0; k < total; k++) {
                long due = started + Math.round(k * 1e9 / sizes.rate());
                long early = due - System.nanoTime();
                if (early > BURST_NANOS) {
                    java.util.concurrent.locks.LockSupport.parkNanos(early); // sends in bursts, never spins a core
                }
                if (measuredFrom == 0 && System.nanoTime() - started >= WARM.toNanos()) {
                    measuredFrom = System.nanoTime();
                    for (int i = 0; i < instances; i++) {
                        cpuStart[i] = threads.getThreadCpuTime(threadIds.get(i));
                        recordsStart[i] = followers.get(i).recordsFollowed();
                    }
                }
                int taker = (int) (k % instances);
                String id = ids.issue("buyer-" + k, followers.get(taker).issueLane());
                if (design == Design.LANES_ROUND_ROBIN && k % 10 == 0) {
                    followers.get(ThreadLocalRandom.current().nextInt(instances)).lookedUp(id);
                }
                producer.send(new ProducerRecord<>(names.results(), ResultLanes.partitionOf(id, sizes.partitions()),
                        id, Json.write(result(id))));
            }
            producer.flush();
            double seconds = (System.nanoTime() - measuredFrom) / 1e9;
            double cpu = 0;
            double records = 0;
            double lanes = 0;
            for (int i = 0; i < instances; i++) {
                cpu += (threads.getThreadCpuTime(threadIds.get(i)) - cpuStart[i]) / 1e3;
                records += followers.get(i).recordsFollowed() - recordsStart[i];
                lanes += followers.get(i).lanes().size();
            }
            double cpuPerInstance = cpu / instances / seconds;
            double recordsPerInstance = records / instances / seconds;
            double acceptedPerInstance = sizes.rate() / instances;
            return new Figures(design, instances, recordsPerInstance, cpuPerInstance, cpuPerInstance / recordsPerInstance,
                    cpuPerInstance / acceptedPerInstance, lanes / instances);
        } finally {
            followers.forEach(ResultLaneFollower::close);
        }
    }

    private static Result result(String id) {
        Instant now = Instant.now();
        return new Result(id, "buyer", ResultStatus.HELD, null, "bench-event", "hold-" + id.substring(0, 8),
                List.of("A-1", "A-2"), now.plusSeconds(600), null, null, now.minusMillis(40), now);
    }

    private List<Long> followerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("follow-" + names.results())).map(Thread::threadId).toList();
    }

    private KafkaProducer<String, byte[]> producer() {
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        config.put(ProducerConfig.ACKS_CONFIG, "1");
        return new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
    }
}
