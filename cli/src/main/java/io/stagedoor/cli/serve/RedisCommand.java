package io.stagedoor.cli.serve;

import io.stagedoor.embedded.EmbeddedRedis;
import io.stagedoor.harness.ReadyLine;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stagedoor redis --port P}: a {@code redis-server} ({@link EmbeddedRedis}, no persistence) as a child of
 * this JVM until SIGTERM, which stops the child too. Whoever kills this JVM with SIGKILL must kill the child.
 */
@Command(name = "redis", mixinStandardHelpOptions = true,
        description = "Run a Redis server (no persistence) until SIGTERM.")
public final class RedisCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "6379", description = "The port (default ${DEFAULT-VALUE}).")
    int port;

    @Override
    public Integer call() throws InterruptedException {
        EmbeddedRedis redis = EmbeddedRedis.start(port);
        if (redis.port() != port) {
            redis.close();
            System.err.println("port " + port + " is taken");
            return 1;
        }
        ReadyLine.print("redis", redis.port());
        ReadyLine.awaitStop();
        return 0;
    }
}
