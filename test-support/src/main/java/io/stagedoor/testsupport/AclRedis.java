package io.stagedoor.testsupport;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.stagedoor.embedded.Ports;
import java.time.Duration;
import java.util.List;

/**
 * A Redis of one test's own with an ACL user, {@value #USER} / {@value #PASSWORD}, allowed everything
 * ({@code ACL SETUSER stagedoor on >secret ~* &* +@all}), and the default user still open so the fixture can set it
 * up. Close it when the test ends.
 */
public final class AclRedis implements AutoCloseable {

    public static final String USER = "stagedoor";
    public static final String PASSWORD = "secret";

    private final RedisProcess server;

    private AclRedis(RedisProcess server) {
        this.server = server;
    }

    public static AclRedis start() {
        RedisProcess server = RedisProcess.start(RedisClusterServers.tempDir(), List.of());
        RedisClient client = RedisClient.create(RedisURI.create(Ports.LOOPBACK, server.port()));
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            connection.sync().dispatch(io.lettuce.core.protocol.CommandType.ACL,
                    new io.lettuce.core.output.StatusOutput<>(io.lettuce.core.codec.StringCodec.UTF8),
                    new io.lettuce.core.protocol.CommandArgs<>(io.lettuce.core.codec.StringCodec.UTF8)
                            .add("SETUSER").add(USER).add("on").add(">" + PASSWORD).add("~*").add("&*").add("+@all"));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        } finally {
            client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
        }
        return new AclRedis(server);
    }

    /** {@code redis://stagedoor:secret@127.0.0.1:port}. */
    public String uri() {
        return uri(USER, PASSWORD);
    }

    /** {@code redis://user:password@127.0.0.1:port}, e.g. with a wrong password. */
    public String uri(String user, String password) {
        return "redis://" + user + ":" + password + "@" + server.address();
    }

    @Override
    public void close() {
        server.close();
    }
}
