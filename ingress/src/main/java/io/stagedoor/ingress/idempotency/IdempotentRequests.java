package io.stagedoor.ingress.idempotency;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.topics.ids.CorrelationIds;
import io.stagedoor.topics.json.Json;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Correlation ids for POSTs. Without an {@code Idempotency-Key} each request gets a fresh id. With one, the id is
 * derived from the principal, the key and the time the key was first accepted ({@link CorrelationIds#issueIdempotent}),
 * so a retry on any instance carries the id the workers already saw and changes nothing, and the id ages like a fresh
 * one (410 past the results window). The fingerprint of the first request's content and that time are remembered for
 * a day in Redis, so the same key with a different body is refused with 422 instead of silently answering for the
 * first body. While Redis cannot answer, a hold's key is judged from this instance's memory (a key first seen then
 * gets no time, so every instance derives the same id); a checkout's key never is: 503 (decision 0021). Routes ask
 * for the id only after their own validation and limits passed, so a refused request never claims a key. Every id
 * names the results lane this instance follows (decision 0028); a key's lane is remembered with its time, so a retry
 * on another instance names the first one's lane and its result is written where it was first expected.
 */
public final class IdempotentRequests implements AutoCloseable {

    /** The request header (draft-ietf-httpapi-idempotency-key-header). */
    public static final String HEADER = "Idempotency-Key";
    private static final Duration REMEMBER = Duration.ofDays(1);
    private static final Logger LOG = LoggerFactory.getLogger(IdempotentRequests.class);
    /** Seconds a checkout refused because Redis could not answer for its key is told to wait. */
    public static final int RETRY_AFTER_SECONDS = 1;

    private final CorrelationIds ids;
    private final IntSupplier lanes;
    private final Consumer<String> expected;
    private final Clock clock;
    private final RedisClusterAsyncCommands<String, String> redis;
    /** The shared Redis policy's deadline and a breaker of this store's own: an outage costs POSTs nothing after the first few. */
    private final GuardedCalls calls;
    private final Cache<String, String> local = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterWrite(REMEMBER)
            .build();

    private IdempotentRequests(CorrelationIds ids, RedisAccess access, Clock clock, IntSupplier lanes,
                               Consumer<String> expected) {
        this.clock = clock;
        this.ids = ids;
        this.lanes = lanes;
        this.expected = expected;
        this.redis = access == null ? null : access.commands();
        this.calls = access == null ? null : access.policy().calls("idempotency keys", LOG);
    }

    /**
     * Remembers fingerprints in the process's shared Redis (a key per principal's slot, so a cluster works), or in
     * this instance alone when {@code access} is null. The access stays the caller's to close.
     */
    public static IdempotentRequests open(CorrelationIds ids, RedisAccess access) {
        return open(ids, access, Clock.systemUTC());
    }

    /** As {@link #open(CorrelationIds, RedisAccess)}, with the clock that stamps a key's first acceptance. */
    public static IdempotentRequests open(CorrelationIds ids, RedisAccess access, Clock clock) {
        return open(ids, access, clock, () -> CorrelationIds.NO_LANE, id -> { });
    }

    /**
     * As {@link #open(CorrelationIds, RedisAccess, Clock)}, naming in each new id the results lane {@code lanes}
     * gives, and telling {@code expected} of every id derived from a key, whose lane may be another instance's, so
     * that this instance reads the result of a retry it takes on.
     */
    public static IdempotentRequests open(CorrelationIds ids, RedisAccess access, Clock clock, IntSupplier lanes,
                                          Consumer<String> expected) {
        return new IdempotentRequests(ids, access, clock, lanes, expected);
    }

    /**
     * The correlation id of a request by {@code principal}: fresh without a key; derived from the key with one,
     * carrying the time the key was first accepted (remembered with its fingerprint), so the id ages like a fresh one
     * and answers 410 once it is older than the results window, on any instance.
     *
     * @param content what the request asks for (route, path and body, as a record); it is the fingerprint
     * @throws ProblemException 400 for a malformed key, 422 for a key already used with other content, 503 when
     *                          Redis cannot tell whether a checkout's key was seen (a checkout never falls back to
     *                          this instance's memory)
     */
    public String correlationId(String principal, String key, Content content) {
        try {
            return correlationIdLater(principal, key, content).join();
        } catch (CompletionException failed) {
            throw failed.getCause() instanceof RuntimeException cause ? cause : failed;
        }
    }

    /**
     * The same id without waiting for Redis: the stage completes at once without a key or without Redis, else on the
     * thread that hears Redis, and fails with the problems {@link #correlationId} throws.
     */
    public CompletableFuture<String> correlationIdLater(String principal, String key, Content content) {
        if (key == null) {
            return CompletableFuture.completedFuture(ids.issue(principal, lanes.getAsInt()));
        }
        try {
            checkShape(key);
        } catch (ProblemException malformed) {
            return CompletableFuture.failedFuture(malformed);
        }
        String slot = slot(principal, scoped(content.route(), key));
        String fingerprint = fingerprint(content);
        return remember(slot, fingerprint, content).thenApply(stored -> idOf(principal, key, content, stored));
    }

    /**
     * The id of a request with {@code key} if the key was already accepted with this content, reading without
     * remembering anything: empty without a key or for a key not seen yet.
     *
     * @throws ProblemException 400 for a malformed key, 422 for a key already used with other content, 503 when
     *                          Redis cannot tell for a checkout
     */
    public Optional<String> knownId(String principal, String key, Content content) {
        if (key == null) {
            return Optional.empty();
        }
        checkShape(key);
        String slot = slot(principal, scoped(content.route(), key));
        return Optional.ofNullable(recall(slot, content)).map(stored -> idOf(principal, key, content, stored));
    }

    private String idOf(String principal, String key, Content content, Stored stored) {
        if (!stored.fingerprint().equals(fingerprint(content))) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.idempotencyKeyReused(key));
        }
        String id = ids.issueIdempotent(principal, scoped(content.route(), key), stored.firstAccepted(), stored.lane());
        expected.accept(id);
        return id;
    }

    /**
     * The Redis key of {@code principal}'s {@code key}. The principal is base64url-encoded, so it holds no brace or
     * colon: principal "a" with key "b}:c" and principal "a}:b" with key "c" would otherwise share one key. The
     * encoded principal is the hash tag, so one buyer's keys share a Redis Cluster slot.
     */
    public static String slot(String principal, String key) {
        return "sd:{idem:" + Base64.getUrlEncoder().withoutPadding().encodeToString(
                principal.getBytes(StandardCharsets.UTF_8)) + "}:" + key;
    }

    private static void checkShape(String key) {
        if (key.isEmpty() || key.length() > 255 || !key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
            throw ProblemException.of(ProblemType.BAD_REQUEST, IngressMessages.badIdempotencyKey());
        }
    }

    /**
     * What is stored first under {@code slot}: this fingerprint, accepted now, if it is the first. Completes on the
     * thread that hears Redis; from this instance's memory while Redis cannot answer, when the content allows.
     */
    private CompletableFuture<Stored> remember(String slot, String fingerprint, Content content) {
        String value = new Stored(fingerprint, clock.instant(), lanes.getAsInt()).write();
        if (redis == null) {
            return CompletableFuture.completedFuture(Stored.parse(local.get(slot, absent -> value)));
        }
        return calls.call(() -> redis.set(slot, value, SetArgs.Builder.nx().ex(REMEMBER))
                .thenCompose(set -> "OK".equals(set) ? CompletableFuture.completedFuture(value)
                        : redis.get(slot))).handle((stored, redisDown) -> {
                            if (redisDown == null) {
                                String first = stored != null ? stored : value;
                                local.put(slot, first);
                                return Stored.parse(first);
                            }
                            refuseUnlessFallback(unwrapped(redisDown), content);
                            // this instance's memory decides; the correlation id still deduplicates in the workers. A
                            // key first seen here during the outage gets no time, so every instance derives the same
                            // id for it.
                            return Stored.parse(local.get(slot, absent -> Stored.timeless(fingerprint).write()));
                        });
    }

    private static RuntimeException unwrapped(Throwable failed) {
        Throwable cause = failed instanceof CompletionException && failed.getCause() != null ? failed.getCause() : failed;
        return cause instanceof RuntimeException runtime ? runtime : new CompletionException(cause);
    }

    /** What is stored under {@code slot}, or null when nothing is. */
    private Stored recall(String slot, Content content) {
        if (redis != null) {
            try {
                String stored = calls.call(() -> redis.get(slot)).join();
                return stored == null ? null : Stored.parse(stored);
            } catch (RuntimeException redisDown) {
                refuseUnlessFallback(redisDown, content);
            }
        }
        String remembered = local.getIfPresent(slot);
        return remembered == null ? null : Stored.parse(remembered);
    }

    /**
     * A checkout's key is never judged from this instance's memory: a key whose fingerprint Redis cannot show might
     * have been accepted on another instance, and a checkout is money. Refused with 503, so the client retries.
     * A call shed because this instance is overloaded (Redis answers) is shed for every request, holds too.
     */
    private static void refuseUnlessFallback(RuntimeException redisDown, Content content) {
        if (GuardedCalls.shed(redisDown)) {
            throw redisDown; // Redis answers, this instance is overloaded: shed (503), never decide from memory
        }
        if (!content.fallsBackToMemory()) {
            throw new ProblemException(Problem.of(ProblemType.SERVICE_UNAVAILABLE,
                    IngressMessages.idempotencyStoreUnavailable()).withRetryAfter(RETRY_AFTER_SECONDS));
        }
    }

    /**
     * A fingerprint with the time its key was first accepted and the results lane it was given, as stored:
     * {@code "<fingerprint> <epoch millis> <lane>"}; a value written before lanes has no lane, one written from
     * memory while Redis was down has neither time nor lane (every instance derives the same id for it).
     */
    private record Stored(String fingerprint, Instant firstAccepted, int lane) {

        static Stored timeless(String fingerprint) {
            return new Stored(fingerprint, CorrelationIds.UNKNOWN_TIME, CorrelationIds.NO_LANE);
        }

        static Stored parse(String stored) {
            String[] parts = stored.split(" ", 3);
            try {
                Instant first = parts.length > 1 ? Instant.ofEpochMilli(Long.parseLong(parts[1])) : CorrelationIds.UNKNOWN_TIME;
                int lane = parts.length > 2 ? Integer.parseInt(parts[2]) : CorrelationIds.NO_LANE;
                boolean laneValid = lane == CorrelationIds.NO_LANE || (lane >= 0 && lane <= CorrelationIds.MAX_LANE);
                return new Stored(parts[0], first, laneValid ? lane : CorrelationIds.NO_LANE);
            } catch (NumberFormatException unreadable) {
                return timeless(parts[0]);
            }
        }

        String write() {
            return fingerprint + " " + firstAccepted.toEpochMilli() + " " + lane;
        }
    }

    private static String fingerprint(Object content) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Json.write(content));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(IngressMessages.algorithmInEveryJdk("SHA-256"), e);
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

        /** Whether this instance's memory may judge the key while Redis cannot. */
        boolean fallsBackToMemory();
    }

    /** What a hold asks for, as its fingerprint. A hold's key falls back to this instance's memory. */
    public record HoldContent(String route, String eventId, java.util.List<String> seats) implements Content {
        @Override
        public boolean fallsBackToMemory() {
            return true;
        }
    }

    /** What a checkout asks for, as its fingerprint. A checkout's key never falls back to memory. */
    public record CheckoutContent(String route, String holdId, String paymentToken) implements Content {
        @Override
        public boolean fallsBackToMemory() {
            return false;
        }
    }
}
