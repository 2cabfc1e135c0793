package io.stagedoor.ingress.waitingroom;

import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.entryloop.Headroom;
import io.stagedoor.ingress.metrics.SchedulingLag;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.topics.lag.GroupLag;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This instance's reading of the pipeline's headroom, for the closed loop: its checkout permits in use, the
 * inventory's lag on the hold and checkout topics (asked of the cluster, waiting at most {@value #LAG_TIMEOUT_MILLIS}
 * ms; -1 when it did not answer), the p99 of hold results that arrived since the last reading, and the mean
 * scheduling lag since then. {@link #read} blocks its caller for the lag question: call it from the loop's own
 * thread, never a request's.
 */
public final class HeadroomProbe implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HeadroomProbe.class);
    static final int LAG_TIMEOUT_MILLIS = 800;

    private final ConcurrencyBound checkouts;
    private final SchedulingLag scheduling;
    private final ResultLatencies results;
    private final KafkaConnection kafka;
    private Admin admin; // made on the first reading, on the loop's thread: an instance without a looped room has none
    private GroupLag lag;
    private final String inventoryGroup;
    private final List<String> inventoryInputs;
    private boolean lagUnknown; // only the loop's thread reads and writes it

    public HeadroomProbe(ConcurrencyBound checkouts, SchedulingLag scheduling, KafkaConnection kafka,
                         TopicNames topics, Clock clock) {
        this.checkouts = checkouts;
        this.scheduling = scheduling;
        this.results = new ResultLatencies(clock);
        this.kafka = kafka;
        this.inventoryGroup = topics.inventoryGroup();
        this.inventoryInputs = List.of(topics.holds(), topics.checkouts());
    }

    /** Feed with every result the instance reads. Never blocks. */
    public void resultArrived(Result result) {
        results.resultArrived(result);
    }

    /** The reading now; starts the next latency and scheduling window. */
    Headroom read() {
        return new Headroom(checkouts.inUse(), checkouts.limit(), inventoryLag(), results.takeP99Millis(),
                scheduling.takeMean().toMillis(), 1);
    }

    private long inventoryLag() {
        try {
            if (lag == null) {
                admin = Admin.create(adminConfig());
                lag = new GroupLag(admin, Duration.ofMillis(LAG_TIMEOUT_MILLIS));
            }
            long behind = lag.consumerGroup(inventoryGroup, inventoryInputs).values().stream()
                    .mapToLong(Long::longValue).sum();
            lagUnknown = false;
            return behind;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        } catch (RuntimeException e) {
            if (!lagUnknown) {
                LOG.warn("cannot read the inventory's lag; the entry loop will not raise rates until it can: {}",
                        e.getMessage());
            }
            lagUnknown = true;
            return -1;
        }
    }

    private Map<String, Object> adminConfig() {
        Map<String, Object> config = kafka.baseProperties();
        config.put(AdminClientConfig.CLIENT_ID_CONFIG, "stagedoor-entry-loop");
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, LAG_TIMEOUT_MILLIS);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, LAG_TIMEOUT_MILLIS);
        return config;
    }

    /** Closes the Admin client, if a reading made one; call after the loop stopped. */
    @Override
    public void close() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(1));
        }
    }
}
