package io.stagedoor.bench.load;

import io.stagedoor.cli.Pipeline;
import io.stagedoor.embedded.Ports;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The whole pipeline of {@code ./stagedoor up} in this process ({@link Pipeline}: embedded Kafka and Redis, the
 * workers with the simulated gateway, one ingress), on free ports and a fresh data directory, plus the
 * benchmark's own events and a {@link ResultWatch} on the ingress.
 */
public final class BenchPipeline implements AutoCloseable {

    public static final String HOST = "127.0.0.1";

    private final Pipeline pipeline;
    private final ResultWatch results;
    private final HttpRequests http;

    private BenchPipeline(Pipeline pipeline) {
        this.pipeline = pipeline;
        this.results = new ResultWatch(pipeline.ingress().results());
        this.http = new HttpRequests(HOST, pipeline.port());
    }

    /** Starts everything with {@code partitions} per topic; the ingress gets a free port. */
    public static BenchPipeline start(int partitions) throws IOException {
        Path data = Files.createTempDirectory("stagedoor-bench-");
        Pipeline.Options options = new Pipeline.Options(data, 0, null, null, Ports.anyFree(), Ports.anyFree(),
                partitions, false, TopicNames.defaults());
        return new BenchPipeline(Pipeline.start(options));
    }

    /**
     * Defines {@code count} events {@code prefix-0…} of {@code seats} seats ({@code s1…}) each, every one with an
     * organizer of its own, and waits until the ingress knows them all.
     */
    public List<String> defineEvents(String prefix, int count, int seats) throws Exception {
        List<String> seatIds = IntStream.rangeClosed(1, seats).mapToObj(i -> "s" + i).toList();
        List<String> ids = new ArrayList<>();
        for (int e = 0; e < count; e++) {
            String id = prefix + "-" + e;
            Pipeline.publishEvent(pipeline.kafkaBootstrap(), TopicNames.defaults(),
                    new EventDefinition(id, "Bench " + id, "org-" + id, Instant.EPOCH, seatIds, 4_500, null));
            ids.add(id);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        try (HttpConnection connection = new HttpConnection(HOST, port())) {
            for (String id : ids) {
                while (connection.exchange(http.get("/v1/events/" + id, null)).status() != 200) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the ingress never saw event " + id);
                    }
                    Thread.sleep(50);
                }
            }
        }
        return ids;
    }

    public int port() {
        return pipeline.port();
    }

    public HttpRequests http() {
        return http;
    }

    public ResultWatch results() {
        return results;
    }

    public Pipeline pipeline() {
        return pipeline;
    }

    @Override
    public void close() {
        pipeline.close();
    }
}
