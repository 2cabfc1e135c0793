package io.stagedoor.ingress.audit;

import io.micrometer.core.instrument.MeterRegistry;
import io.stagedoor.admission.limiter.Limiter;
import io.stagedoor.admission.limiter.LimiterBuilder;
import io.stagedoor.admission.limiter.LimiterSettings;
import io.stagedoor.admission.fallback.OutageSettings;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.ingress.rings.Decisions;
import io.stagedoor.ingress.rings.RateLimitHeaders;
import io.stagedoor.topics.connection.KafkaConnection;
import java.time.Clock;
import java.time.Duration;

/**
 * The limiter every ring charges, with each of its decisions published for audit: on the shared Redis access when
 * there is one, else in process. Its Redis keys are namespaced like the topics, so deployments sharing one Redis
 * keep apart. Close it before the Redis access: it closes the refusal tally first, so the last tallies still reach
 * the audit producer, then the producer, then the limiter.
 */
public final class AuditedLimiter implements AutoCloseable {

    private final Limiter limiter;
    private final AdmissionAudit audit;
    private final RefusalTally cachedRefusals;
    private final DecisionRecorder recorder;

    /**
     * @param redis        the shared Redis access, or null for in-process buckets
     * @param namespace    the topic namespace, prefixed to the limiter's Redis keys
     * @param redisTimeout the deadline of one Redis call
     */
    public AuditedLimiter(RedisAccess redis, String namespace, Duration redisTimeout, KafkaConnection kafka,
                          String admissionsTopic, MeterRegistry registry, Clock clock) {
        LimiterBuilder builder = Limiter.builder().meterRegistry(registry).keyNamespace(namespace)
                .settings(LimiterSettings.defaults().withOutage(
                        OutageSettings.defaults().withCommandTimeout(redisTimeout)));
        this.limiter = redis == null ? builder.inProcess() : builder.redis(redis);
        try {
            this.audit = new AdmissionAudit(kafka, admissionsTopic, registry);
        } catch (RuntimeException e) {
            limiter.close();
            throw e;
        }
        this.cachedRefusals = new RefusalTally(audit::record, RefusalTally.MAX_KEYS, clock::millis, true);
        this.recorder = new DecisionRecorder(audit::record, cachedRefusals, clock);
    }

    public Limiter limiter() {
        return limiter;
    }

    /** Where the rings' decisions go for audit. */
    public Decisions.Recorder recorder() {
        return recorder;
    }

    /** Decisions on this limiter, recorded for audit, whose answers carry {@code fields}. */
    public Decisions decisions(RateLimitHeaders fields) {
        return new Decisions(limiter, recorder, fields);
    }

    @Override
    public void close() {
        try {
            cachedRefusals.close();
        } finally {
            try {
                audit.close();
            } finally {
                limiter.close();
            }
        }
    }
}
