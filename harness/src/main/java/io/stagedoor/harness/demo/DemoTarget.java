package io.stagedoor.harness.demo;

import io.stagedoor.embedded.EmbeddedRedis;
import io.stagedoor.harness.scrape.MetricsPage;
import io.stagedoor.topics.connection.KafkaConnection;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * The running pipeline as the demo reaches it, from another process: the ingress's public and admin ports on
 * 127.0.0.1, the Kafka it uses (for the event's definition and the audit), and the Redis the demo may stop.
 *
 * @param port      the ingress's public port
 * @param adminPort its admin listener ({@code /metrics})
 * @param kafka     the pipeline's Kafka, with the client properties to reach it
 * @param redis     the embedded Redis the demo started for the pipeline; null when the pipeline uses another
 */
record DemoTarget(int port, int adminPort, KafkaConnection kafka, EmbeddedRedis redis) {

    static final String HOST = "127.0.0.1";

    DemoTarget {
        Objects.requireNonNull(kafka, "kafka");
    }

    URI base() {
        return URI.create("http://" + HOST + ":" + port);
    }

    MetricsPage metrics() {
        return new MetricsPage(HOST, adminPort);
    }

    Optional<EmbeddedRedis> embeddedRedis() {
        return Optional.ofNullable(redis);
    }
}
