package io.stagedoor.admission.presale;

import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.ValueScanCursor;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.StoreCalls;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A presale book in Redis, three keys per event (no hash tag: no call touches two): the registrations (a set, at most
 * {@code most}), the draw (a hash, written once, its wait-list cut-off once), and the codes used (a set). Each is kept
 * {@code kept} from its last write. Every call gives up after {@code timeout}.
 */
public final class RedisPresaleBook implements PresaleBook {

    private static final String REGISTER = "if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 0 end "
            + "if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end "
            + "redis.call('SADD', KEYS[1], ARGV[1]) redis.call('PEXPIRE', KEYS[1], ARGV[3]) return 1";
    /** Answers whether it kept the draw ("1" or "0"), then the draw that stands, field by field. */
    private static final String KEEP_DRAW = "local kept = redis.call('HSETNX', KEYS[1], 'seed', ARGV[1]) "
            + "if kept == 1 then "
            + "redis.call('HSET', KEYS[1], 'codes', ARGV[2], 'registrants', ARGV[3], 'winnersUpTo', ARGV[4]) "
            + "redis.call('PEXPIRE', KEYS[1], ARGV[5]) end "
            + "local answer = redis.call('HGETALL', KEYS[1]) table.insert(answer, 1, tostring(kept)) return answer";
    private static final String KEEP_WAIT_LIST = "local kept = 0 if redis.call('EXISTS', KEYS[1]) == 1 then "
            + "kept = redis.call('HSETNX', KEYS[1], 'waitListUpTo', ARGV[1]) end "
            + "local answer = redis.call('HGETALL', KEYS[1]) table.insert(answer, 1, tostring(kept)) return answer";
    private static final String USE = "local added = redis.call('SADD', KEYS[1], ARGV[1]) "
            + "redis.call('PEXPIRE', KEYS[1], ARGV[2]) return added";

    private final RedisAccess redis;
    private final String base;
    private final int most;
    private final Duration kept;
    private final Duration timeout;

    /** @param most the most registrations one event takes; {@code kept} how long a key outlives its last write */
    public RedisPresaleBook(RedisAccess redis, String namespace, int most, Duration kept, Duration timeout) {
        this.redis = redis;
        this.base = (namespace.isEmpty() ? "" : namespace + ':') + "sd:presale:";
        this.most = most;
        this.kept = kept;
        this.timeout = timeout;
    }

    @Override
    public CompletionStage<Boolean> register(String eventId, String accountId) {
        CompletionStage<Long> added = redis.commands().eval(REGISTER, ScriptOutputType.INTEGER,
                new String[] {key(eventId, "registered")}, accountId, Integer.toString(most), millis(kept));
        return bounded(added).thenApply(count -> count == 1);
    }

    @Override
    public CompletionStage<Boolean> registered(String eventId, String accountId) {
        return bounded(redis.commands().sismember(key(eventId, "registered"), accountId));
    }

    @Override
    public CompletionStage<Long> registeredCount(String eventId) {
        return bounded(redis.commands().scard(key(eventId, "registered")));
    }

    @Override
    public CompletionStage<List<String>> registrants(String eventId) {
        // SSCAN may return a member twice: a set keeps each registrant once
        return scan(key(eventId, "registered"), ScanCursor.INITIAL, new LinkedHashSet<>()).thenApply(List::copyOf);
    }

    private CompletionStage<Set<String>> scan(String key, ScanCursor from, Set<String> found) {
        return bounded(redis.commands().sscan(key, from, ScanArgs.Builder.limit(1000)))
                .thenCompose((ValueScanCursor<String> page) -> {
                    found.addAll(page.getValues());
                    return page.isFinished() ? CompletableFuture.completedFuture(found) : scan(key, page, found);
                });
    }

    @Override
    public CompletionStage<Kept> keepDraw(String eventId, PresaleDraw draw) {
        CompletionStage<List<String>> stands = redis.commands().eval(KEEP_DRAW, ScriptOutputType.MULTI,
                new String[] {key(eventId, "draw")}, draw.seedHex(), Long.toString(draw.codes()),
                Long.toString(draw.registrants()), draw.winnersUpTo(), millis(kept));
        return bounded(stands).thenApply(RedisPresaleBook::kept);
    }

    @Override
    public CompletionStage<Kept> keepWaitList(String eventId, String upTo) {
        CompletionStage<List<String>> stands = redis.commands().eval(KEEP_WAIT_LIST, ScriptOutputType.MULTI,
                new String[] {key(eventId, "draw")}, upTo);
        return bounded(stands).thenApply(RedisPresaleBook::kept);
    }

    private static Kept kept(List<String> answer) {
        return new Kept(drawOf(answer.subList(1, answer.size())).orElse(null), "1".equals(answer.getFirst()));
    }

    @Override
    public CompletionStage<Optional<PresaleDraw>> draw(String eventId) {
        return bounded(redis.commands().hgetall(key(eventId, "draw"))).thenApply(RedisPresaleBook::drawOf);
    }

    @Override
    public CompletionStage<Boolean> use(String eventId, String accountId) {
        CompletionStage<Long> added = redis.commands().eval(USE, ScriptOutputType.INTEGER,
                new String[] {key(eventId, "used")}, accountId, millis(kept));
        return bounded(added).thenApply(count -> count == 1);
    }

    @Override
    public CompletionStage<Void> giveBack(String eventId, String accountId) {
        return bounded(redis.commands().srem(key(eventId, "used"), accountId)).thenApply(removed -> null);
    }

    @Override
    public CompletionStage<Long> used(String eventId) {
        return bounded(redis.commands().scard(key(eventId, "used")));
    }

    private static Optional<PresaleDraw> drawOf(List<String> fields) {
        Map<String, String> read = new HashMap<>();
        for (int i = 0; i + 1 < fields.size(); i += 2) {
            read.put(fields.get(i), fields.get(i + 1));
        }
        return drawOf(read);
    }

    private static Optional<PresaleDraw> drawOf(Map<String, String> fields) {
        if (!fields.containsKey("seed")) {
            return Optional.empty();
        }
        return Optional.of(new PresaleDraw(fields.get("seed"), Long.parseLong(fields.get("codes")),
                Long.parseLong(fields.get("registrants")), fields.get("winnersUpTo"), fields.get("waitListUpTo")));
    }

    /** The event's length first, so no two events share a key. */
    private String key(String eventId, String part) {
        return base + part + ":" + eventId.length() + ":" + eventId;
    }

    private static String millis(Duration duration) {
        return Long.toString(duration.toMillis());
    }

    private <T> CompletableFuture<T> bounded(CompletionStage<T> call) {
        return StoreCalls.within(call, timeout);
    }
}
