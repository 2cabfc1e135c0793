package io.stagedoor.bench.load;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Redis server has spent, read from its own {@code INFO}: CPU time (user and system) and script calls. On a
 * machine whose cores Redis shares with the ingress, its CPU is part of what a request costs, and the JVM's own
 * CPU figure leaves it out.
 */
public final class RedisCpu implements AutoCloseable {

    /** CPU time and EVALSHA calls at one moment. */
    public record Reading(long cpuNanos, long scriptCalls) {
        public Reading minus(Reading earlier) {
            return new Reading(cpuNanos - earlier.cpuNanos, scriptCalls - earlier.scriptCalls);
        }

        public Reading plus(Reading other) {
            return new Reading(cpuNanos + other.cpuNanos, scriptCalls + other.scriptCalls);
        }
    }

    private static final Pattern CPU = Pattern.compile("^used_cpu_(?:sys|user):([0-9.]+)\\s*$", Pattern.MULTILINE);
    private static final Pattern EVALSHA = Pattern.compile("^cmdstat_evalsha:calls=(\\d+),", Pattern.MULTILINE);

    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final RedisCommands<String, String> commands;

    public RedisCpu(String redisUri) {
        this.client = RedisClient.create(redisUri);
        this.connection = client.connect();
        this.commands = connection.sync();
    }

    public Reading read() {
        long nanos = 0;
        Matcher cpu = CPU.matcher(commands.info("cpu"));
        while (cpu.find()) {
            nanos += Math.round(Double.parseDouble(cpu.group(1)) * 1e9);
        }
        Matcher calls = EVALSHA.matcher(commands.info("commandstats"));
        return new Reading(nanos, calls.find() ? Long.parseLong(calls.group(1)) : 0);
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown();
    }
}
