package io.stagedoor.workers.launch;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.connection.ClusterCheck;
import io.stagedoor.workers.WorkerMetrics;
import io.stagedoor.workers.WorkerRole;
import io.stagedoor.workers.WorkerSettings;
import io.stagedoor.workers.checkout.CheckoutPool;
import io.stagedoor.workers.inventory.Inventory;
import io.stagedoor.workers.lag.LagProbe;
import io.stagedoor.workers.payment.HttpPaymentGateway;
import io.stagedoor.workers.payment.PaymentGateway;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running worker: the seat inventory, the checkout pool, or both, as {@link WorkerSettings#roles()} says.
 * Start as many as needed against one cluster; they share the work. Its {@link WorkerMetrics} include its groups'
 * lag, probed in the background ({@link LagProbe}). {@link #close()} drains: the pool stops
 * acquiring and finishes or releases its payments, then the inventory commits and leaves its group.
 */
public final class Workers implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Workers.class);
    private static final long TOPIC_TIMEOUT_MS = 30_000;
    private static final Duration CLUSTER_CHECK_DEADLINE = Duration.ofSeconds(30);

    private final Inventory inventory;
    private final CheckoutPool pool;
    private final WorkerMetrics metrics;
    private final LagProbe lag;
    private boolean closed;

    private Workers(Inventory inventory, CheckoutPool pool, WorkerMetrics metrics, LagProbe lag) {
        this.inventory = inventory;
        this.pool = pool;
        this.metrics = metrics;
        this.lag = lag;
    }

    /** Starts a worker with its metrics in a private in-memory registry. */
    public static Workers start(WorkerSettings settings, PaymentGateway gateway) {
        return start(settings, gateway, new SimpleMeterRegistry());
    }

    /**
     * Starts a worker: checks that the cluster accepts its client properties (failing at once, with
     * {@link io.stagedoor.topics.TopicsMessages#authenticationFailed}, on refused credentials), creates any missing topic (default partition counts), then starts the roles. Returns
     * while they join their groups; {@link #awaitReady(Duration)} waits for the inventory to run.
     *
     * @param gateway  the payment gateway the checkout pool calls (unused by an inventory-only worker)
     * @param registry where the {@link WorkerMetrics} are bound
     */
    public static Workers start(WorkerSettings settings, PaymentGateway gateway, MeterRegistry registry) {
        Objects.requireNonNull(settings, "settings");
        WorkerMetrics metrics = new WorkerMetrics(registry);
        ClusterCheck.verify(settings.kafka(), CLUSTER_CHECK_DEADLINE);
        try (Admin admin = Admin.create(settings.kafka().baseProperties())) {
            TopicCreator.ensure(admin, settings.topics(), TopicSettings.defaults(), TOPIC_TIMEOUT_MS);
        }
        Inventory inventory = settings.runs(WorkerRole.INVENTORY)
                ? Inventory.start(settings, Clock.systemUTC(), metrics) : null;
        CheckoutPool pool = null;
        if (settings.runs(WorkerRole.CHECKOUT)) {
            try {
                pool = CheckoutPool.start(settings, Objects.requireNonNull(gateway, "gateway"), metrics);
            } catch (RuntimeException e) {
                if (inventory != null) {
                    inventory.close();
                }
                throw e;
            }
        }
        LOG.info("workers started: roles {}, topics '{}', pool size {}", settings.roles(),
                settings.topics().namespace(), settings.poolSize());
        return new Workers(inventory, pool, metrics, LagProbe.start(settings, metrics));
    }

    /**
     * The gateway {@code settings} name: an {@link HttpPaymentGateway} at {@link WorkerSettings#gatewayUrl()}
     * with the payment timeout as its request timeout, else the in-process simulated gateway Payrail.
     */
    public static PaymentGateway gatewayFor(WorkerSettings settings) {
        return settings.gatewayUrl() == null
                ? SimulatedGateway.withDefaults()
                : new HttpPaymentGateway(settings.gatewayUrl(), settings.paymentTimeout());
    }

    /**
     * Waits until the inventory (if this worker runs it) processes records and every lane of the checkout pool
     * (if it runs one) has partitions assigned; false on timeout.
     */
    public boolean awaitReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean inventoryReady = inventory == null || inventory.awaitRunning(timeout);
        Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
        return inventoryReady && (pool == null || pool.awaitAssigned(left));
    }

    /** The metrics of this worker. */
    public WorkerMetrics metrics() {
        return metrics;
    }

    /** The inventory, when this worker runs it. */
    public Optional<Inventory> inventory() {
        return Optional.ofNullable(inventory);
    }

    /** The checkout pool, when this worker runs it. */
    public Optional<CheckoutPool> pool() {
        return Optional.ofNullable(pool);
    }

    /** Drains and stops; idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        lag.close();
        if (pool != null) {
            pool.close();
        }
        if (inventory != null) {
            inventory.close();
        }
        LOG.info("workers stopped");
    }
}
