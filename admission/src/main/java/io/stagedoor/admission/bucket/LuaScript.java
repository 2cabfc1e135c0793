package io.stagedoor.admission.bucket;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.api.async.BaseRedisAsyncCommands;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.stagedoor.admission.AdmissionMessages;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * A Lua script run by its SHA-1 (EVALSHA), so each call sends the digest, not the body. When the server has
 * lost the script (restart, failover, SCRIPT FLUSH) the NOSCRIPT reply is answered with one EVAL, which runs
 * the call and caches the script again. Calls are dispatched with their arguments and reply output as the caller
 * builds them (numbers written as numbers, replies read into what the caller needs), not as lists of strings.
 */
final class LuaScript {

    /** The arguments of one call after the script's digest or body: the key count, the keys, then the values. */
    interface Arguments {
        void addTo(CommandArgs<String, String> args);
    }

    private final String body;
    private final String sha;
    private final LongAdder reloads = new LongAdder();

    private LuaScript(String body, String sha) {
        this.body = body;
        this.sha = sha;
    }

    static LuaScript fromResource(String name, RedisScriptingAsyncCommands<String, String> commands) {
        try (InputStream in = LuaScript.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(AdmissionMessages.missingScript(name));
            }
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new LuaScript(body, commands.digest(body));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loads the script ahead of the first call; a failure here only means the first call reloads it. */
    void preload(RedisScriptingAsyncCommands<String, String> commands) {
        commands.scriptLoad(body).exceptionally(error -> null);
    }

    /** Runs the script with {@code arguments}, reading the reply with a fresh output from {@code reply}. */
    <T> CompletionStage<T> run(BaseRedisAsyncCommands<String, String> commands, Arguments arguments,
                               Supplier<CommandOutput<String, String, T>> reply) {
        CompletionStage<T> call = commands.dispatch(CommandType.EVALSHA, reply.get(), args(sha, arguments));
        return call.exceptionallyCompose(error -> {
            if (unwrap(error) instanceof RedisNoScriptException) {
                reloads.increment();
                return commands.dispatch(CommandType.EVAL, reply.get(), args(body, arguments));
            }
            return CompletableFuture.failedStage(unwrap(error));
        });
    }

    private static CommandArgs<String, String> args(String script, Arguments arguments) {
        CommandArgs<String, String> args = new CommandArgs<>(ScriptArgumentCodec.UTF8).add(script);
        arguments.addTo(args);
        return args;
    }

    long reloads() {
        return reloads.sum();
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
