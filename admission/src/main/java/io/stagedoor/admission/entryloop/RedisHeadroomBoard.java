package io.stagedoor.admission.entryloop;

import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import io.stagedoor.admission.redis.RedisAccess;
import io.stagedoor.admission.redis.StoreCalls;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The board every instance shares, in Redis. Readings are fields of one hash ({@code sd:{entry-loop}:headroom},
 * one field per instance, stale ones deleted by whoever reads them); a claim is {@code SET NX PX} on the event's
 * {@code :step} key; steps are a list trimmed to {@value HeadroomBoard#STEPS_KEPT}. Each key is one command's, so it
 * works on Redis Cluster too. Every call gives up after {@code timeout}.
 */
public final class RedisHeadroomBoard implements HeadroomBoard {

    /** How long the board's keys outlive their last write. */
    private static final Duration KEPT_FOR = Duration.ofHours(48);

    private final RedisAccess redis;
    private final String base;
    private final Duration timeout;

    public RedisHeadroomBoard(RedisAccess redis, String namespace, Duration timeout) {
        this.redis = redis;
        this.base = (namespace.isEmpty() ? "" : namespace + ':') + "sd:{entry-loop}:";
        this.timeout = timeout;
    }

    @Override
    public CompletionStage<Headroom> share(String instanceId, Headroom mine, long nowMillis) {
        RedisClusterAsyncCommands<String, String> commands = redis.commands();
        String key = base + "headroom";
        commands.hset(key, instanceId, Reading.text(mine, nowMillis));
        commands.pexpire(key, KEPT_FOR.toMillis());
        return bounded(commands.hgetall(key)).thenApply(fields -> {
            Headroom sum = Headroom.NONE;
            List<String> stale = new ArrayList<>();
            for (Map.Entry<String, String> field : fields.entrySet()) {
                Optional<Reading> reading = Reading.parse(field.getValue());
                if (reading.isEmpty() || nowMillis - reading.get().atMillis() > FRESH_FOR.toMillis()) {
                    stale.add(field.getKey());
                } else {
                    sum = sum.plus(reading.get().headroom());
                }
            }
            if (!stale.isEmpty()) {
                commands.hdel(key, stale.toArray(String[]::new));
            }
            return sum;
        });
    }

    @Override
    public CompletionStage<Boolean> claimStep(String eventId, String instanceId, Duration interval) {
        return bounded(redis.commands().set(base + eventId + ":step", instanceId,
                SetArgs.Builder.nx().px(interval.toMillis()))).thenApply("OK"::equals);
    }

    @Override
    public CompletionStage<Void> remember(String eventId, PlottedStep step) {
        RedisClusterAsyncCommands<String, String> commands = redis.commands();
        String key = base + eventId + ":steps";
        commands.rpush(key, step.text());
        commands.ltrim(key, -STEPS_KEPT, -1);
        return bounded(commands.pexpire(key, KEPT_FOR.toMillis())).thenApply(set -> null);
    }

    @Override
    public CompletionStage<List<PlottedStep>> steps(String eventId) {
        return bounded(redis.commands().lrange(base + eventId + ":steps", 0, -1)).thenApply(texts -> {
            List<PlottedStep> steps = new ArrayList<>(texts.size());
            texts.forEach(text -> PlottedStep.parse(text).ifPresent(steps::add));
            return Collections.unmodifiableList(steps);
        });
    }

    private <T> CompletableFuture<T> bounded(CompletionStage<T> call) {
        return StoreCalls.within(call, timeout);
    }

    /** One instance's reading as the hash stores it: {@code "inUse limit lag p99 scheduling at"}. */
    private record Reading(Headroom headroom, long atMillis) {

        static String text(Headroom h, long atMillis) {
            return h.permitsInUse() + " " + h.permitsLimit() + " " + h.consumerLag() + " " + h.resultP99Millis() + " "
                    + h.schedulingLagMillis() + " " + atMillis;
        }

        static Optional<Reading> parse(String text) {
            String[] parts = text.split(" ");
            if (parts.length != 6) {
                return Optional.empty();
            }
            try {
                return Optional.of(new Reading(new Headroom(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]),
                        Long.parseLong(parts[2]), Long.parseLong(parts[3]), Long.parseLong(parts[4]), 1),
                        Long.parseLong(parts[5])));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
    }
}
