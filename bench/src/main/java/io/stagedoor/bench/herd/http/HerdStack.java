package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.gateway.IngressProcess;
import io.stagedoor.bench.gateway.ServerProcess;
import io.stagedoor.bench.load.BackendProcess;
import io.stagedoor.topics.TopicSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Every process the run starts: the backend JVM (embedded Kafka and Redis, the topics, the workers), {@code count}
 * ingress JVMs against its Kafka and Redis (each as {@code stagedoor ingress} runs it, with the product's defaults,
 * signed tickets among them, {@code ingress.instance-count} set to the count and {@code ingress.instance-index} to
 * each one's place; the organizer limit on holds opened, see {@link #OPEN_ORGANIZER}), and nginx balancing over them.
 * Closing it stops them all, in reverse order, once; a failure while starting stops what had started.
 */
final class HerdStack implements AutoCloseable {

    /**
     * Every hold of the run is for one event, so one organizer: its shipped limit (200 holds a second) would measure
     * itself, not the instances. Opened as {@code bench/run gateway} opens it, each hold still makes its bucket call.
     */
    static final String OPEN_ORGANIZER = "limits.organizer-holds=1000000000,1000000000,PT1S";

    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    private final BackendProcess backend;
    private final List<IngressProcess> ingresses = new ArrayList<>();
    private final NginxBalancer nginx;
    private boolean closed;

    private HerdStack(int count, String heap, int keepalive, Path log) throws IOException {
        Path dir = Files.createTempDirectory("stagedoor-herd-http-");
        try {
            backend = BackendProcess.start(dir.resolve("backend"), TopicSettings.DEFAULT_PARTITIONS);
            started.push(backend);
            List<Integer> ports = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                IngressProcess ingress = IngressProcess.start("ingress-" + i, backend.kafkaBootstrap(),
                        backend.redisUri(), dir, heap,
                        List.of("ingress.instance-count=" + count, "ingress.instance-index=" + (i - 1), OPEN_ORGANIZER),
                        Path.of(log + "-ingress-" + i));
                started.push(ingress);
                ingresses.add(ingress);
                ports.add(ingress.port());
            }
            nginx = NginxBalancer.start(ports, keepalive, Path.of(log + "-nginx"));
            started.push(nginx);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Starts everything; {@code heap} is each ingress JVM's, {@code keepalive} nginx's idle upstream connections per
     * worker; server logs go beside {@code log}.
     */
    static HerdStack start(int ingressCount, String heap, int keepalive, Path log) throws IOException {
        return new HerdStack(ingressCount, heap, keepalive, log);
    }

    BackendProcess backend() {
        return backend;
    }

    List<IngressProcess> ingresses() {
        return ingresses;
    }

    NginxBalancer nginx() {
        return nginx;
    }

    /** CPU the ingress JVMs have used so far, in nanoseconds. */
    long ingressCpuNanos() {
        return ingresses.stream().mapToLong(ingress -> ingress.server().cpuNanos(false)).sum();
    }

    /** CPU nginx (master and workers) has used so far, in nanoseconds. */
    long nginxCpuNanos() {
        return nginx.server().cpuNanos(true);
    }

    /** CPU the backend JVM (Kafka, the workers; not its Redis child) has used so far, in nanoseconds. */
    long backendCpuNanos() {
        return ServerProcess.cpuNanos(backend.process());
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        while (!started.isEmpty()) {
            try {
                started.pop().close();
            } catch (Exception e) {
                System.err.println("herd-http: stopping a process failed: " + e);
            }
        }
    }
}
