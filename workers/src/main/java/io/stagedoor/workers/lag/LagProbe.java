package io.stagedoor.workers.lag;

import io.stagedoor.topics.lag.GroupLag;
import io.stagedoor.workers.WorkerMetrics;
import io.stagedoor.workers.WorkerRole;
import io.stagedoor.workers.WorkerSettings;
import io.stagedoor.workers.inventory.InventoryTopology;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the cluster every {@link WorkerSettings#lagInterval()}, on a thread of its own, how far behind the groups
 * of this worker's roles are, and sets {@link WorkerMetrics#INVENTORY_LAG} and {@link WorkerMetrics#PAYMENTS_LAG}.
 * It never runs on a processing thread, one probe runs at a time, and a probe waits at most one interval for
 * each answer; a lag the cluster did not report reads NaN until the next probe succeeds.
 */
public final class LagProbe implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LagProbe.class);

    private final WorkerSettings settings;
    private final WorkerMetrics metrics;
    private final Admin admin;
    private final GroupLag lag;
    private final ScheduledExecutorService ticker;
    private boolean failing; // only the ticker's thread reads and writes it

    private LagProbe(WorkerSettings settings, WorkerMetrics metrics) {
        this.settings = settings;
        this.metrics = metrics;
        Duration interval = settings.lagInterval();
        Map<String, Object> config = settings.kafka().baseProperties();
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, settings.applicationId() + "-lag-probe");
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) interval.toMillis());
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) interval.toMillis());
        this.admin = Admin.create(config);
        this.lag = new GroupLag(admin, interval);
        this.ticker = Executors.newSingleThreadScheduledExecutor(
                task -> Thread.ofPlatform().daemon().name("lag-probe").unstarted(task));
    }

    /** Starts probing the groups of the roles {@code settings} runs; the first probe runs at once. */
    public static LagProbe start(WorkerSettings settings, WorkerMetrics metrics) {
        LagProbe probe = new LagProbe(settings, metrics);
        probe.ticker.scheduleWithFixedDelay(probe::probe, 0, settings.lagInterval().toMillis(), TimeUnit.MILLISECONDS);
        return probe;
    }

    private void probe() {
        boolean known = true;
        if (settings.runs(WorkerRole.INVENTORY)) {
            known &= attempt(() -> lag.consumerGroup(settings.applicationId(), inventoryTopics())
                            .forEach(metrics::inventoryLag),
                    () -> inventoryTopics().forEach(topic -> metrics.inventoryLag(topic, Double.NaN)));
        }
        if (settings.runs(WorkerRole.CHECKOUT)) {
            known &= attempt(() -> metrics.paymentsLag(lag.shareGroup(settings.shareGroupId(),
                    settings.topics().payments())), () -> metrics.paymentsLag(Double.NaN));
        }
        if (known && failing) {
            LOG.info("group lag is known again");
        }
        failing = !known;
    }

    /** Runs one question; when the cluster does not answer, marks its gauges unknown and says false. */
    private boolean attempt(Question question, Runnable unknown) {
        try {
            question.ask();
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        } catch (RuntimeException e) {
            unknown.run();
            if (!failing) {
                LOG.warn("cannot read group lag (NaN until the cluster answers): {}", e.getMessage());
            }
            return false;
        }
    }

    private List<String> inventoryTopics() {
        return InventoryTopology.inputs(settings.topics());
    }

    @FunctionalInterface
    private interface Question {
        void ask() throws InterruptedException;
    }

    /** Stops probing; the gauges keep their last values. */
    @Override
    public void close() {
        ticker.shutdownNow();
        try {
            ticker.awaitTermination(settings.lagInterval().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        admin.close(Duration.ofSeconds(5));
    }
}
