package io.stagedoor.workers.launch;

import io.stagedoor.workers.WorkerRole;
import io.stagedoor.workers.WorkerSettings;
import io.stagedoor.workers.WorkersMessages;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * A worker process: {@code java io.stagedoor.workers.launch.WorkerMain --kafka host:9092 [--namespace ns]
 * [--gateway-url http://host:port] [--roles inventory|checkout|both] [--state-dir dir] [--pool-size n]
 * [--payment-timeout-ms n] [--record-lock-ms n] [--hold-ttl-ms n]}. Prints {@value #READY} once started; on
 * SIGTERM (or Ctrl-C) it drains before it exits.
 */
public final class WorkerMain {

    /** The line printed to standard output once the worker runs. */
    public static final String READY = "stagedoor workers ready";

    private WorkerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        WorkerSettings settings = parse(args);
        Workers workers = Workers.start(settings, Workers.gatewayFor(settings));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            workers.close();
            stopped.countDown();
        }, "workers-drain"));
        if (!workers.awaitReady(Duration.ofMinutes(2))) {
            System.err.println("the inventory did not start within 2 minutes; still trying");
        }
        System.out.println(READY);
        System.out.flush();
        stopped.await();
    }

    /** Settings from command-line arguments, starting from {@link WorkerSettings#defaults()}. */
    static WorkerSettings parse(String[] args) {
        WorkerSettings settings = WorkerSettings.defaults();
        String namespace = null;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(WorkersMessages.optionNeedsValue(option));
            }
            String value = args[++i];
            switch (option) {
                case "--kafka" -> settings = settings.withKafka(value);
                case "--namespace" -> namespace = value;
                case "--gateway-url" -> settings = settings.withGatewayUrl(URI.create(value));
                case "--roles" -> settings = settings.withRoles(WorkerRole.parse(value));
                case "--state-dir" -> settings = settings.withStateDir(Path.of(value));
                case "--pool-size" -> settings = settings.withPayments(Integer.parseInt(value),
                        settings.paymentTimeout(), settings.recordLock());
                case "--payment-timeout-ms" -> settings = settings.withPayments(settings.poolSize(),
                        Duration.ofMillis(Long.parseLong(value)), settings.recordLock());
                case "--record-lock-ms" -> settings = settings.withPayments(settings.poolSize(),
                        settings.paymentTimeout(), Duration.ofMillis(Long.parseLong(value)));
                case "--hold-ttl-ms" -> settings = settings.withHoldTtl(Duration.ofMillis(Long.parseLong(value)));
                default -> throw new IllegalArgumentException(WorkersMessages.unknownOption(option));
            }
        }
        // The namespace also renames the groups, so it is applied last, over whatever else was set.
        return namespace == null ? settings : settings.withNamespace(namespace);
    }
}
