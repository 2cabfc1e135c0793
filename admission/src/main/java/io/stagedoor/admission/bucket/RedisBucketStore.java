package io.stagedoor.admission.bucket;

import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.stagedoor.admission.AdmissionMessages;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Token buckets in Redis: one EVALSHA of {@code bucket.lua} decides a whole request, so two ingress instances
 * deciding on the same key in the same millisecond can never both take the last token.
 *
 * <p>A script may only touch keys of one slot on Redis Cluster, and a buyer's and an organizer's bucket are
 * generally in different slots. On a single Redis ({@link SlotGrouping#ONE_CALL}) one call covers every key. On
 * a cluster ({@link SlotGrouping#PER_SLOT}) keys are grouped by slot, each group is one call (all groups in
 * parallel), and when some group refused, the groups that took their tokens are refunded. Between take and
 * refund those tokens are briefly unavailable to others: the cluster errs towards refusing, never towards
 * admitting twice.
 */
public final class RedisBucketStore implements BucketStore {

    /** How keys of one request are spread over script calls. */
    public enum SlotGrouping {
        /** One call for all keys: any non-cluster Redis. */
        ONE_CALL,
        /** One call per hash slot, with refunds when a slot refused: Redis Cluster. */
        PER_SLOT
    }

    private final RedisScriptingAsyncCommands<String, String> commands;
    private final SlotGrouping grouping;
    private final LuaScript takeScript;
    private final LuaScript refundScript;

    public RedisBucketStore(RedisScriptingAsyncCommands<String, String> commands, SlotGrouping grouping) {
        this.commands = commands;
        this.grouping = grouping;
        this.takeScript = LuaScript.fromResource("bucket.lua", commands);
        this.refundScript = LuaScript.fromResource("refund.lua", commands);
        takeScript.preload(commands);
    }

    /** A store on a single Redis: one call per decision. */
    public static RedisBucketStore on(StatefulRedisConnection<String, String> connection) {
        return new RedisBucketStore(connection.async(), SlotGrouping.ONE_CALL);
    }

    /** A store on Redis Cluster: one call per slot, refunds when split. */
    public static RedisBucketStore on(StatefulRedisClusterConnection<String, String> connection) {
        return new RedisBucketStore(connection.async(), SlotGrouping.PER_SLOT);
    }

    @Override
    public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
        if (grouping == SlotGrouping.ONE_CALL || requests.size() == 1) {
            return takeOnce(requests, nowMillis);
        }
        Map<Integer, List<BucketRequest>> bySlot = new LinkedHashMap<>();
        for (BucketRequest request : requests) {
            bySlot.computeIfAbsent(SlotHash.getSlot(request.key()), slot -> new ArrayList<>()).add(request);
        }
        if (bySlot.size() == 1) {
            return takeOnce(requests, nowMillis);
        }
        return new SplitTake(requests, List.copyOf(bySlot.values()), nowMillis).run();
    }

    /** How many times a script had to be sent again after NOSCRIPT. */
    public long scriptReloads() {
        return takeScript.reloads() + refundScript.reloads();
    }

    CompletionStage<BucketOutcome> takeOnce(List<BucketRequest> requests, long nowMillis) {
        String[] keys = new String[requests.size()];
        String[] args = new String[1 + 3 * requests.size()];
        args[0] = Long.toString(nowMillis);
        for (int i = 0; i < keys.length; i++) {
            BucketRequest request = requests.get(i);
            keys[i] = request.key();
            args[1 + 3 * i] = Long.toString(request.capacityUnits());
            args[2 + 3 * i] = Long.toString(request.refillUnitsPerMilli());
            args[3 + 3 * i] = Long.toString(request.costUnits());
        }
        return takeScript.run(commands, keys, args).thenApply(reply -> parse(requests, reply));
    }

    CompletionStage<Void> refund(List<BucketRequest> requests) {
        String[] keys = new String[requests.size()];
        String[] args = new String[2 * requests.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = requests.get(i).key();
            args[2 * i] = Long.toString(requests.get(i).capacityUnits());
            args[2 * i + 1] = Long.toString(requests.get(i).costUnits());
        }
        return refundScript.run(commands, keys, args).thenApply(reply -> null);
    }

    private static BucketOutcome parse(List<BucketRequest> requests, List<Object> reply) {
        if (reply == null || reply.size() != 1 + 2 * requests.size()) {
            throw new IllegalStateException(AdmissionMessages.malformedScriptReply(reply));
        }
        List<KeyOutcome> keys = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            long units = (Long) reply.get(1 + 2 * i);
            keys.add(new KeyOutcome(requests.get(i).wholeTokens(units), (Long) reply.get(2 + 2 * i)));
        }
        return new BucketOutcome((Long) reply.get(0) == 1L, keys);
    }

    /** One request whose keys live in several slots. */
    private final class SplitTake {
        private final List<BucketRequest> requests;
        private final List<List<BucketRequest>> groups;
        private final long nowMillis;

        SplitTake(List<BucketRequest> requests, List<List<BucketRequest>> groups, long nowMillis) {
            this.requests = requests;
            this.groups = groups;
            this.nowMillis = nowMillis;
        }

        CompletionStage<BucketOutcome> run() {
            List<CompletableFuture<BucketOutcome>> calls = new ArrayList<>(groups.size());
            for (List<BucketRequest> group : groups) {
                calls.add(takeOnce(group, nowMillis).toCompletableFuture());
            }
            return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new))
                    .handle((ignored, error) -> error)
                    .thenCompose(error -> settle(calls, error));
        }

        private CompletionStage<BucketOutcome> settle(List<CompletableFuture<BucketOutcome>> calls, Throwable error) {
            List<BucketRequest> toRefund = new ArrayList<>();
            boolean admitted = error == null;
            for (int g = 0; g < groups.size(); g++) {
                BucketOutcome outcome = calls.get(g).isCompletedExceptionally() ? null : calls.get(g).join();
                admitted &= outcome != null && outcome.admitted();
                if (outcome != null && outcome.admitted()) {
                    toRefund.addAll(groups.get(g));
                }
            }
            if (admitted) {
                return CompletableFuture.completedFuture(merge(calls, false));
            }
            CompletionStage<Void> refunded = toRefund.isEmpty()
                    ? CompletableFuture.completedFuture(null) : refund(toRefund);
            if (error != null) {
                // The request failed as a whole; give back what the answering slots took, then report the failure.
                return refunded.handle((v, e) -> null).thenCompose(v -> CompletableFuture.failedStage(error));
            }
            return refunded.thenApply(v -> merge(calls, true));
        }

        private BucketOutcome merge(List<CompletableFuture<BucketOutcome>> calls, boolean refunded) {
            Map<String, KeyOutcome> byKey = new LinkedHashMap<>();
            for (int g = 0; g < groups.size(); g++) {
                BucketOutcome outcome = calls.get(g).join();
                for (int i = 0; i < groups.get(g).size(); i++) {
                    KeyOutcome key = outcome.keys().get(i);
                    if (refunded && outcome.admitted()) {
                        key = new KeyOutcome(key.remaining() + groups.get(g).get(i).cost(), 0);
                    }
                    byKey.put(groups.get(g).get(i).key(), key);
                }
            }
            List<KeyOutcome> ordered = new ArrayList<>(requests.size());
            for (BucketRequest request : requests) {
                ordered.add(byKey.get(request.key()));
            }
            return new BucketOutcome(!refunded, ordered);
        }
    }
}
