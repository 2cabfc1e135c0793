package io.stagedoor.admission.bucket;

import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.BaseRedisAsyncCommands;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.IntegerOutput;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;

/**
 * Token buckets in Redis: one EVALSHA of {@code bucket.lua} decides a whole request, so two ingress instances
 * deciding on the same key in the same millisecond can never both take the last token. Under load one call
 * carries many requests ({@link TakeCoalescer}): each still decided on its own, in arrival order, all or nothing.
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

    private final BaseRedisAsyncCommands<String, String> commands;
    private final SlotGrouping grouping;
    private final LuaScript takeScript;
    private final LuaScript refundScript;
    private final TakeCoalescer coalescer;
    private final LongAdder calls = new LongAdder();

    /**
     * @param coalescing how takes share calls; used with {@link SlotGrouping#ONE_CALL} only (a cluster call must
     *                   stay within one slot, so there every request is its own call)
     */
    public <C extends BaseRedisAsyncCommands<String, String> & RedisScriptingAsyncCommands<String, String>>
    RedisBucketStore(C commands, SlotGrouping grouping, CallCoalescing coalescing) {
        this.commands = commands;
        this.grouping = grouping;
        this.takeScript = LuaScript.fromResource("bucket.lua", commands);
        this.refundScript = LuaScript.fromResource("refund.lua", commands);
        this.coalescer = new TakeCoalescer(this::call, coalescing);
        takeScript.preload(commands);
    }

    /** A store on a single Redis, coalescing takes as {@link CallCoalescing#defaults()} says. */
    public static RedisBucketStore on(StatefulRedisConnection<String, String> connection) {
        return on(connection, CallCoalescing.defaults());
    }

    /** A store on a single Redis: one call for all the keys of a request, takes coalesced as {@code coalescing}. */
    public static RedisBucketStore on(StatefulRedisConnection<String, String> connection, CallCoalescing coalescing) {
        return new RedisBucketStore(connection.async(), SlotGrouping.ONE_CALL, coalescing);
    }

    /** A store on Redis Cluster: one call per slot, refunds when split. */
    public static RedisBucketStore on(StatefulRedisClusterConnection<String, String> connection) {
        return new RedisBucketStore(connection.async(), SlotGrouping.PER_SLOT, CallCoalescing.none());
    }

    @Override
    public CompletionStage<BucketOutcome> take(List<BucketRequest> requests, long nowMillis) {
        if (grouping == SlotGrouping.ONE_CALL) {
            return coalescer.take(new Take(requests, nowMillis));
        }
        if (requests.size() == 1) {
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

    /** Take-script calls sent so far: fewer than the takes when calls were coalesced. */
    public long calls() {
        return calls.sum();
    }

    /** How many times a script had to be sent again after NOSCRIPT. */
    public long scriptReloads() {
        return takeScript.reloads() + refundScript.reloads();
    }

    CompletionStage<BucketOutcome> takeOnce(List<BucketRequest> requests, long nowMillis) {
        return call(List.of(new Take(requests, nowMillis))).thenApply(outcomes -> outcomes.get(0));
    }

    /** One script call deciding {@code takes} in order. */
    private CompletionStage<List<BucketOutcome>> call(List<Take> takes) {
        TakeCall call = TakeCall.of(takes);
        if (call == null) {
            // Clocks too far apart for one call (never with one process's clock): halves, one after the other,
            // so the takes are still decided in order.
            List<Take> first = takes.subList(0, takes.size() / 2);
            List<Take> second = takes.subList(takes.size() / 2, takes.size());
            return call(first).thenCompose(a -> call(second).thenApply(b -> {
                List<BucketOutcome> both = new ArrayList<>(a);
                both.addAll(b);
                return both;
            }));
        }
        calls.increment();
        return takeScript.run(commands, call, ScriptReply::new).thenApply(call::outcomes);
    }

    /**
     * Gives back what an admitted take of {@code requests} took: one script call on a single Redis, one per hash slot
     * on a cluster (a script may touch the keys of one slot only), all in parallel.
     */
    @Override
    public CompletionStage<Void> refund(List<BucketRequest> requests) {
        if (grouping == SlotGrouping.ONE_CALL) {
            return refundOnce(requests);
        }
        Map<Integer, List<BucketRequest>> bySlot = new LinkedHashMap<>();
        for (BucketRequest request : requests) {
            bySlot.computeIfAbsent(SlotHash.getSlot(request.key()), slot -> new ArrayList<>()).add(request);
        }
        if (bySlot.size() == 1) {
            return refundOnce(requests);
        }
        List<CompletableFuture<Void>> calls = new ArrayList<>(bySlot.size());
        for (List<BucketRequest> group : bySlot.values()) {
            calls.add(refundOnce(group).toCompletableFuture());
        }
        return CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new));
    }

    /** One refund script call: every key in one slot on a cluster. */
    private CompletionStage<Void> refundOnce(List<BucketRequest> requests) {
        LuaScript.Arguments arguments = args -> {
            args.add(requests.size());
            for (BucketRequest request : requests) {
                args.addKey(request.key());
            }
            for (BucketRequest request : requests) {
                args.add(request.capacityUnits()).add(request.costUnits());
            }
        };
        return refundScript.run(commands, arguments, () -> new IntegerOutput<>(StringCodec.UTF8))
                .thenApply(reply -> null);
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
