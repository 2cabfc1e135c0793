package io.stagedoor.admission.waitingroom;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import io.stagedoor.admission.AdmissionMessages;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;

/**
 * Rooms in Redis: each operation is one EVALSHA of {@link RoomScript} on the event's five keys (one hash slot, so
 * it works on Redis Cluster too). On NOSCRIPT (restart, failover, SCRIPT FLUSH) the call is repeated once as EVAL,
 * which caches the script again.
 */
public final class RedisRoomStore implements RoomStore {

    private static final int REPLY_SIZE = 30;

    private final RedisScriptingAsyncCommands<String, String> commands;
    private final String sha;
    private final String namespace;
    private final long ttlMillis;
    private final LongAdder reloads = new LongAdder();

    public RedisRoomStore(RedisScriptingAsyncCommands<String, String> commands, RoomOptions options) {
        this.commands = commands;
        this.sha = commands.digest(RoomScript.BODY);
        this.namespace = options.keyNamespace();
        this.ttlMillis = options.stateTtl().toMillis();
        commands.scriptLoad(RoomScript.BODY).exceptionally(notYet -> null);
    }

    @Override
    public CompletionStage<RoomReply> join(RoomCall call, String buyerId, String newTicket) {
        return run("join", call, buyerId, newTicket);
    }

    @Override
    public CompletionStage<RoomReply> look(RoomCall call, String buyerId, String ticket) {
        return run("look", call, buyerId, ticket);
    }

    @Override
    public CompletionStage<RoomReply> reserve(RoomCall call, long places) {
        return run("reserve", call, Long.toString(places), "");
    }

    @Override
    public CompletionStage<RoomReply> claim(RoomCall call, RoomClaim claim) {
        return run("claim", call, claim.buyerId(), claim.ticket(), Long.toString(claim.place()),
                Long.toString(claim.joinedMillis()), Long.toString(claim.estimateMillis()));
    }

    @Override
    public CompletionStage<RoomReply> control(RoomCall call, EntryRate rate, Boolean paused) {
        return run("control", call, rate == null ? "" : rate.text(), paused == null ? "" : paused ? "1" : "0");
    }

    @Override
    public CompletionStage<RoomReply> snapshot(RoomCall call) {
        return run("snapshot", call, "", "");
    }

    @Override
    public CompletionStage<RoomReply> end(RoomCall call, String buyerId) {
        return run("end", call, buyerId, "");
    }

    /** The script's {@code session} operation: reads two hashes and the active set, writes nothing. */
    @Override
    public CompletionStage<SessionState> session(String eventId, String buyerId, String ticket, long nowMillis) {
        String[] keys = RoomKeys.of(namespace, eventId);
        String[] args = {"session", Long.toString(nowMillis), "", "", "", "", buyerId, ticket};
        return this.<Long>evaluate(ScriptOutputType.INTEGER, keys, args).thenApply(state -> switch (state.intValue()) {
            case 1 -> SessionState.ACTIVE;
            case 2 -> SessionState.ENDED;
            default -> SessionState.UNKNOWN;
        });
    }

    /** The script's {@code drawn} operation: reads one field of the room, writes nothing. */
    @Override
    public CompletionStage<Long> drawn(String eventId, long start) {
        String[] keys = RoomKeys.of(namespace, eventId);
        String[] args = {"drawn", "", "", "", "", "", Long.toString(start), ""};
        return this.<Long>evaluate(ScriptOutputType.INTEGER, keys, args);
    }

    /** How many times the script had to be sent again after NOSCRIPT. */
    public long scriptReloads() {
        return reloads.sum();
    }

    /** @param claimed a claim's place, joined and estimate, after the thirteen arguments every operation has */
    private CompletionStage<RoomReply> run(String op, RoomCall call, String first, String second, String... claimed) {
        String[] keys = RoomKeys.of(namespace, call.eventId());
        String[] common = {op, Long.toString(call.nowMillis()), Long.toString(call.opensAtMillis()),
                call.initialRate().text(), Long.toString(call.seed()), Long.toString(ttlMillis), first, second,
                Long.toString(call.charge()), Integer.toString(call.active().limit()),
                Long.toString(call.sessionMillis()), call.method().text(), Long.toString(call.drawMillis())};
        String[] args = Arrays.copyOf(common, common.length + claimed.length);
        System.arraycopy(claimed, 0, args, common.length, claimed.length);
        return this.<List<Object>>evaluate(ScriptOutputType.MULTI, keys, args).thenApply(reply -> parse(reply, call.active()));
    }

    private <T> CompletionStage<T> evaluate(ScriptOutputType type, String[] keys, String[] args) {
        return commands.<T>evalsha(sha, type, keys, args).exceptionallyCompose(error -> {
            Throwable cause = error instanceof CompletionException && error.getCause() != null
                    ? error.getCause() : error;
            if (cause instanceof RedisNoScriptException) {
                reloads.increment();
                return commands.<T>eval(RoomScript.BODY, type, keys, args);
            }
            return CompletableFuture.failedStage(cause);
        });
    }

    /** The reply of every operation but {@code session}; {@code cap} is the one the call was told. */
    static RoomReply parse(List<Object> reply, ActiveCap cap) {
        if (reply == null || reply.size() != REPLY_SIZE) {
            throw new IllegalStateException(AdmissionMessages.malformedReply(reply));
        }
        String ticket = (String) reply.get(0);
        Optional<TicketState> state = ticket.isEmpty() ? Optional.empty() : Optional.of(new TicketState(ticket,
                (String) reply.get(1), number(reply, 2), number(reply, 3), number(reply, 4), number(reply, 5),
                number(reply, 6) == 1, number(reply, 7) == 1, number(reply, 8) == 1, number(reply, 9) == 1));
        RoomState room = new RoomState(EntryRate.of(Double.parseDouble((String) reply.get(10))), number(reply, 11) == 1,
                number(reply, 12) == 1, number(reply, 13) == 1, Long.parseLong((String) reply.get(14)),
                number(reply, 15), number(reply, 16), Double.parseDouble((String) reply.get(17)), number(reply, 18),
                number(reply, 19), number(reply, 20), Double.parseDouble((String) reply.get(21)), RoomSource.REDIS,
                number(reply, 22), cap, number(reply, 25), number(reply, 27));
        return new RoomReply(room, state, number(reply, 23) == 1, number(reply, 24), number(reply, 26),
                number(reply, 28), number(reply, 29));
    }

    private static long number(List<Object> reply, int index) {
        return (Long) reply.get(index);
    }
}
