package io.stagedoor.cli;

import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.ingress.IngressSettings;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stagedoor up}: the whole pipeline in one process, on embedded servers unless told otherwise. */
@Command(name = "up", mixinStandardHelpOptions = true,
        description = "Run the whole pipeline in one process: Kafka, Redis, workers, ingress and the demo event.")
final class UpCommand implements Callable<Integer> {

    @Option(names = "--port", description = "Ingress HTTP port (default: ingress.port, 8080).")
    Integer port;

    @Option(names = "--admin-port", description = "The admin listener's port: admin routes, /metrics, the operator page "
            + "(default: ingress.admin-port, 8081).")
    Integer adminPort;

    @Option(names = "--data-dir", defaultValue = "data", description = "Where the embedded broker keeps its data (default ./${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = "--kafka", description = "Use this Kafka (host:port) instead of the embedded broker.")
    String kafka;

    @Option(names = "--redis", description = "Use this Redis instead of the embedded one: redis://[user:password@]host:port, "
            + "rediss://… (TLS), redis-sentinel://[password@]host:port[,host:port]/0#primary.")
    String redis;

    @Option(names = "--redis-cluster", split = ",",
            description = "Use this Redis Cluster (seed nodes host:port,host:port,…) instead of the embedded Redis "
                    + "(default: ingress.redis-cluster).")
    java.util.List<String> redisCluster;

    @Option(names = "--kafka-port", defaultValue = "9092", description = "Preferred port of the embedded broker; a free one if taken (default ${DEFAULT-VALUE}).")
    int kafkaPort;

    @Option(names = "--redis-port", defaultValue = "6379", description = "Preferred port of the embedded Redis; a free one if taken (default ${DEFAULT-VALUE}).")
    int redisPort;

    @Option(names = "--partitions", defaultValue = "12", description = "Partitions of each topic created (default ${DEFAULT-VALUE}).")
    int partitions;

    @Option(names = "--waiting-room", description = "Turn the demo event's waiting room on.")
    boolean waitingRoom;

    @Option(names = "--max-seats-per-buyer",
            description = "Seats one buyer may hold and buy of the demo event (default: ingress.max-seats-per-buyer).")
    Integer maxSeatsPerBuyer;

    @picocli.CommandLine.Mixin
    io.stagedoor.cli.ConfigOptions config;

    @Override
    public Integer call() throws Exception {
        io.stagedoor.config.StagedoorConfig effective = redisCluster == null ? config.load()
                : config.load("ingress.redis-cluster=" + String.join(",", redisCluster));
        IngressSettings configured = effective.ingress(kafka == null ? "embedded" : kafka).build();
        int httpPort = port != null ? port : configured.http().port();
        PipelineOptions options = PipelineOptions.builder(dataDir).port(httpPort).kafka(kafka).redis(redis)
                .kafkaPort(kafkaPort).redisPort(redisPort).partitions(partitions).waitingRoom(waitingRoom)
                .maxSeatsPerBuyer(maxSeatsPerBuyer != null ? maxSeatsPerBuyer : configured.bounds().maxSeatsPerBuyer())
                .adminPort(adminPort != null ? adminPort : configured.http().adminPort()).build();
        Pipeline pipeline;
        try {
            pipeline = Pipeline.start(options, effective);
        } catch (IllegalStateException | io.stagedoor.admission.redis.RedisStartFailure refused) {
            // e.g. the development secrets on an address beyond loopback, a port taken, a Redis Cluster short of
            // slots: the message says what to set
            System.err.println(refused.getMessage());
            return 2;
        }
        System.out.printf("""

                stagedoor is up
                  ingress  http://127.0.0.1:%d
                  admin    http://127.0.0.1:%d/ops (operator page, /metrics, admin routes)
                  kafka    %s%s
                  redis    %s%s
                  event    %s (seats A-1 … T-50)
                try: TOKEN=$(./stagedoor token --buyer 8812)
                     curl -i -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
                          -d '{"seats":["A-1","A-2"]}' http://127.0.0.1:%d/v1/events/%s/holds
                Ctrl-C stops everything.
                %n""", pipeline.port(), pipeline.adminPort(), pipeline.kafkaBootstrap(), kafka == null ? " (embedded)" : "",
                pipeline.redisUri() == null
                        ? io.stagedoor.admission.redis.RedisEndpoint.cluster(configured.redisCluster())
                        : io.stagedoor.admission.redis.RedisEndpoint.mask(pipeline.redisUri()),
                pipeline.embeddedRedis().isPresent() ? " (embedded)" : "", DemoEvent.EVENT_ID, pipeline.port(),
                DemoEvent.EVENT_ID);
        try (io.stagedoor.config.LimitsWatch watch = config.watchLimits(effective, () -> redisCluster == null ? config.load()
                : config.load("ingress.redis-cluster=" + String.join(",", redisCluster)), pipeline.ingress())) {
            pipeline.runUntilStopped();
        }
        return 0;
    }
}
