package io.stagedoor.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;

class RealServersIT {

    @Test
    void redisAnswersPing() throws Exception {
        URI uri = URI.create(RealServers.redisUri());

        assertThat(RedisWire.ping(uri.getHost(), uri.getPort())).isEqualTo("+PONG");
    }

    @Test
    void kafkaAnswersAnAdminClient() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, RealServers.kafkaBootstrap()))) {
            assertThat(admin.describeCluster().nodes().get(30, TimeUnit.SECONDS)).isNotEmpty();
        }
    }

    @Test
    void theSameServersAreSharedByEveryCaller() {
        assertThat(RealServers.redisUri()).isEqualTo(RealServers.redisUri());
        assertThat(RealServers.kafkaBootstrap()).isEqualTo(RealServers.kafkaBootstrap());
    }

    @Test
    void sourceIsEmbeddedWithoutEnvironmentOrDocker() {
        assertThat(RealServers.source()).isIn("environment", "testcontainers", "embedded")
                .satisfies(source -> {
                    if (System.getenv(RealServers.REDIS_VARIABLE) == null && !DockerProbe.answers()) {
                        assertThat(source).isEqualTo("embedded");
                    }
                });
    }

    /** Speaks just enough RESP to ask for PONG. */
    static final class RedisWire {
        static String ping(String host, int port) throws Exception {
            try (Socket socket = new Socket(host, port)) {
                socket.setSoTimeout(2_000);
                socket.getOutputStream().write("*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII));
                InputStream in = socket.getInputStream();
                StringBuilder reply = new StringBuilder();
                for (int c = in.read(); c != -1 && c != '\r'; c = in.read()) {
                    reply.append((char) c);
                }
                return reply.toString();
            }
        }
    }
}
