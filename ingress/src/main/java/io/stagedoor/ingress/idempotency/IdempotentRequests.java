package io.stagedoor.ingress.idempotency;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.topics.ids.CorrelationIds;
import io.stagedoor.topics.json.Json;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Correlation ids for POSTs. Without an {@code Idempotency-Key} each request gets a fresh id. With one, the id is
 * derived from the principal and the key ({@link CorrelationIds#issueIdempotent}), so a retry on any instance, even
 * while Redis is down, carries the id the workers already saw and changes nothing. The fingerprint of the first
 * request's content is remembered for a day (in Redis, else in this instance) so the same key with a different
 * body is refused with 422 instead of silently answering for the first body. Routes ask for the id only after
 * their own validation and limits passed, so a refused request never claims a key.
 */
public final class IdempotentRequests implements AutoCloseable {

    /** The request header (draft-ietf-httpapi-idempotency-key-header). */
    public static final String HEADER = "Idempotency-Key";
    private static final Duration REMEMBER = Duration.ofDays(1);
    private static final Logger LOG = LoggerFactory.getLogger(IdempotentRequests.class);

    private final CorrelationIds ids;
    private final RedisClusterAsyncCommands<String, String> redis;
    /** The shared Redis policy's deadline and a breaker of this store's own: an outage costs POSTs nothing after the first few. */
    private final GuardedCalls calls;
    private final Cache<String, String> local = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterWrite(REMEMBER)
            .build();

    private IdempotentRequests(CorrelationIds ids, RedisAccess access) {
        this.ids = ids;
        this.redis = access == null ? null : access.commands();
        this.calls = access == null ? null : access.policy().calls("idempotency keys", LOG);
    }

    /**
     * Remembers fingerprints in the process's shared Redis (a key per principal's slot, so a cluster works), or in
     * this instance alone when {@code access} is null. The access stays the caller's to close.
     */
    public static IdempotentRequests open(CorrelationIds ids, RedisAccess access) {
        return new IdempotentRequests(ids, access);
    }

    /**
     * The correlation id of a request by {@code principal}: fresh without a key; derived from the key with one.
     *
     * @param content what the request asks for (route, path and body, as a record); it is the fingerprint
     * @throws ProblemException 400 for a malformed key, 422 for a key already used with other content
     */
    public String correlationId(String principal, String key, Content content) {
        if (key == null) {
            return ids.issue(principal);
        }
        checkShape(key);
        String slot = slot(principal, scoped(content.route(), key));
        String fingerprint = fingerprint(content);
        String first = remember(slot, fingerprint);
        if (!first.equals(fingerprint)) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.idempotencyKeyReused(key));
        }
        return ids.issueIdempotent(principal, scoped(content.route(), key));
    }

    /**
     * The Redis key of {@code principal}'s {@code key}. The principal is base64url-encoded, so it holds no brace or
     * colon: principal "a" with key "b}:c" and principal "a}:b" with key "c" would otherwise share one key. The
     * encoded principal is the hash tag, so one buyer's keys share a Redis Cluster slot.
     */
    static String slot(String principal, String key) {
        return "sd:{idem:" + Base64.getUrlEncoder().withoutPadding().encodeToString(
                principal.getBytes(StandardCharsets.UTF_8)) + "}:" + key;
    }

    /**
     * The id a request with {@code key} would get, without remembering anything: empty without a key.
     *
     * @throws ProblemException 400 for a malformed key
     */
    public Optional<String> derivedId(String principal, String route, String key) {
        if (key == null) {
            return Optional.empty();
        }
        checkShape(key);
        return Optional.of(ids.issueIdempotent(principal, scoped(route, key)));
    }

    private static void checkShape(String key) {
        if (key.isEmpty() || key.length() > 255 || !key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
            throw ProblemException.of(ProblemType.BAD_REQUEST, IngressMessages.badIdempotencyKey());
        }
    }

    /** The fingerprint stored first under {@code slot}: this one if it is the first. */
    private String remember(String slot, String fingerprint) {
        if (redis != null) {
            try {
                String stored = calls.call(() -> redis.set(slot, fingerprint, SetArgs.Builder.nx().ex(REMEMBER))
                        .thenCompose(set -> "OK".equals(set) ? CompletableFuture.completedFuture(fingerprint)
                                : redis.get(slot))).join();
                if (stored != null) {
                    local.put(slot, stored);
                    return stored;
                }
            } catch (RuntimeException redisDown) {
                if (GuardedCalls.shed(redisDown)) {
                    throw redisDown; // Redis answers, this instance is overloaded: shed (503), never decide from memory
                }
                // this instance's memory decides; the correlation id still deduplicates in the workers
            }
        }
        return local.get(slot, absent -> fingerprint);
    }

    private static String fingerprint(Object content) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Json.write(content));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** Nothing to close: the Redis access is the caller's. */
    @Override
    public void close() {
    }

    /**
     * A key is scoped to its route: a hold's key sent again on a checkout is another key, so the checkout can never
     * be answered with the hold's id (and its result), even where no fingerprint is there to refuse it.
     */
    private static String scoped(String route, String key) {
        return route + ":" + key;
    }

    /** What a request asks for, as its fingerprint, and the route its key belongs to. */
    public sealed interface Content permits HoldContent, CheckoutContent {
        String route();
    }

    /** What a hold asks for, as its fingerprint. */
    public record HoldContent(String route, String eventId, java.util.List<String> seats) implements Content {
    }

    /** What a checkout asks for, as its fingerprint. */
    public record CheckoutContent(String route, String holdId, String paymentToken) implements Content {
    }
}
