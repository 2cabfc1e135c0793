package io.stagedoor.bench.load;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Redis server has done, from its own {@code INFO}: commands run (a script's own commands included, as
 * {@code commandstats} counts them; {@code INFO} itself and connection set-up left out), script calls and the
 * microseconds they took (which include their commands'), and memory in use.
 */
public final class RedisCommandStats implements AutoCloseable {

    /** Counts at one moment. */
    public record Reading(long commands, long scriptCalls, long scriptMicros, long usedMemory) {

        /** What happened between {@code earlier} and this reading; memory is this reading's. */
        public Reading since(Reading earlier) {
            return new Reading(commands - earlier.commands, scriptCalls - earlier.scriptCalls,
                    scriptMicros - earlier.scriptMicros, usedMemory);
        }
    }

    private static final Pattern COMMAND = Pattern.compile("^cmdstat_([a-z|_]+):calls=(\\d+),usec=(\\d+),",
            Pattern.MULTILINE);
    private static final Pattern MEMORY = Pattern.compile("^used_memory:(\\d+)\\s*$", Pattern.MULTILINE);

    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final RedisCommands<String, String> commands;

    public RedisCommandStats(String redisUri) {
        this.client = RedisClient.create(redisUri);
        this.connection = client.connect();
        this.commands = connection.sync();
    }

    public Reading read() {
        long calls = 0;
        long scripts = 0;
        long micros = 0;
        Matcher command = COMMAND.matcher(commands.info("commandstats"));
        while (command.find()) {
            String name = command.group(1);
            if (name.equals("info") || name.equals("hello") || name.startsWith("client")) {
                continue;
            }
            calls += Long.parseLong(command.group(2));
            if (name.equals("evalsha") || name.equals("eval")) {
                scripts += Long.parseLong(command.group(2));
                micros += Long.parseLong(command.group(3));
            }
        }
        Matcher memory = MEMORY.matcher(commands.info("memory"));
        return new Reading(calls, scripts, micros, memory.find() ? Long.parseLong(memory.group(1)) : 0);
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown();
    }
}
