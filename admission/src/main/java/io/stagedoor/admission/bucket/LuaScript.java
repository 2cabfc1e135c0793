package io.stagedoor.admission.bucket;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.LongAdder;

/**
 * A Lua script run by its SHA-1 (EVALSHA), so each call sends the digest, not the body. When the server has
 * lost the script (restart, failover, SCRIPT FLUSH) the NOSCRIPT reply is answered with one EVAL, which runs
 * the call and caches the script again.
 */
final class LuaScript {

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
                throw new IllegalStateException("missing resource " + name);
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

    CompletionStage<List<Object>> run(RedisScriptingAsyncCommands<String, String> commands,
                                      String[] keys, String[] args) {
        CompletionStage<List<Object>> call = commands.evalsha(sha, ScriptOutputType.MULTI, keys, args);
        return call.exceptionallyCompose(error -> {
            if (unwrap(error) instanceof RedisNoScriptException) {
                reloads.increment();
                return commands.eval(body, ScriptOutputType.MULTI, keys, args);
            }
            return CompletableFuture.failedStage(unwrap(error));
        });
    }

    long reloads() {
        return reloads.sum();
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
