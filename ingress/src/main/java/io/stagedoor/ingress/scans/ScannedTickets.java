package io.stagedoor.ingress.scans;

import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.stagedoor.admission.fallback.GuardedCalls;
import io.stagedoor.admission.redis.RedisAccess;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which tickets have been scanned: the first scan of a ticket wins. In Redis ({@code SET NX}, one round trip, the
 * ticket as hash tag so a cluster works) so every instance and every gate agree; while Redis is unreachable (the
 * shared policy's deadline passed, or its breaker for scans is open), in this instance's memory, which keeps one
 * gate honest but not two gates on two instances (the docs say so).
 *
 * <p>While Redis answers and this instance is too overloaded to hear it in time, a scan is shed
 * ({@link io.stagedoor.admission.fallback.ProcessOverloaded}, answered 503), never decided from memory. A shed scan
 * nobody was told of may still have marked the ticket in Redis: each scan writes a value of its own, and when the
 * reply of a shed one says it marked the ticket, the mark is taken back (only while it is still that scan's), so the
 * gate's retry is that ticket's first scan. A retry on this instance waits for that undo (at most {@link #UNDO_WAIT}).
 */
public final class ScannedTickets implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ScannedTickets.class);
    private static final Duration REMEMBER = Duration.ofDays(2);
    /** The longest a scan waits for a shed scan of its ticket to be taken back: Redis's reply is due well before. */
    private static final Duration UNDO_WAIT = Duration.ofSeconds(2);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final GuardedCalls calls;
    private final Set<String> local = ConcurrentHashMap.newKeySet();
    /** Tickets whose shed scan is being taken back, until it is: one entry per shed call whose reply is due. */
    private final ConcurrentHashMap<String, CompletableFuture<Void>> undoing = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();

    private ScannedTickets(RedisAccess access) {
        this.redis = access == null ? null : access.commands();
        this.calls = access == null ? null : access.policy().calls("scanned tickets", LOG);
    }

    /** Backed by the process's shared Redis, or by memory alone when {@code access} is null; the access stays the caller's. */
    public static ScannedTickets open(RedisAccess access) {
        return new ScannedTickets(access);
    }

    /**
     * True for the first scan of {@code ticketId}, false for every later one.
     *
     * @throws io.stagedoor.admission.fallback.ProcessOverloaded (wrapped) when the scan was shed: nothing decided
     */
    public boolean firstScan(String ticketId) {
        if (redis != null) {
            awaitUndo(ticketId);
            String key = key(ticketId);
            String mark = mark();
            try {
                String answer = calls.call(() -> redis.set(key, mark, SetArgs.Builder.nx().ex(REMEMBER)),
                        reply -> takeBack(ticketId, key, mark, reply)).join();
                boolean first = "OK".equals(answer);
                local.add(ticketId);
                return first;
            } catch (RuntimeException failed) {
                if (GuardedCalls.shed(failed)) {
                    throw failed;
                }
                // Redis is unavailable: falls through to this instance's memory
            }
        }
        return local.add(ticketId);
    }

    /**
     * Takes back the mark a shed scan left, once its reply says it marked the ticket: the key is deleted only while
     * it still holds that scan's mark. No other scan can write the key while it exists (NX), so reading then deleting
     * cannot remove another scan's mark. A scan of the ticket on this instance waits until that is done.
     */
    private void takeBack(String ticketId, String key, String mark, CompletionStage<String> reply) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        undoing.put(ticketId, done);
        reply.thenCompose(answer -> !"OK".equals(answer) ? CompletableFuture.<Void>completedFuture(null)
                        : redis.get(key).thenCompose(held -> mark.equals(held) ? redis.del(key).thenApply(n -> (Void) null)
                                : CompletableFuture.<Void>completedFuture(null)))
                .whenComplete((ignored, error) -> {
                    undoing.remove(ticketId, done);
                    done.complete(null);
                });
    }

    /** Waits, a bounded time, until a shed scan of {@code ticketId} on this instance is taken back. */
    private void awaitUndo(String ticketId) {
        CompletableFuture<Void> pending = undoing.get(ticketId);
        if (pending != null) {
            try {
                pending.get(UNDO_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException notYet) {
                // scans on; at worst this one is told the ticket was scanned
            }
        }
    }

    private String mark() {
        byte[] bytes = new byte[12];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String key(String ticketId) {
        return "sd:{scan:" + ticketId + "}";
    }

    /** Nothing to close: the Redis access is the caller's. */
    @Override
    public void close() {
    }
}
