package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayDeque;
import java.util.Deque;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A listener whose port another process holds: the error names the listener, its address and its setting. */
class HttpListenersTest {

    private final Deque<AutoCloseable> stops = new ArrayDeque<>();

    @AfterEach
    void stop() throws Exception {
        while (!stops.isEmpty()) {
            stops.pop().close();
        }
    }

    @Test
    void aTakenAdminPortIsNamedWithItsSetting() throws Exception {
        try (ServerSocket taken = held()) {
            int port = taken.getLocalPort();

            assertThatThrownBy(() -> start(0, port))
                    .isInstanceOf(ListenerUnavailable.class)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("the admin listener cannot listen on 127.0.0.1:" + port)
                    .hasMessageContaining("ingress.admin-port (--admin-port)");
        }
    }

    @Test
    void aTakenPublicPortIsNamedWithItsSetting() throws Exception {
        try (ServerSocket taken = held()) {
            int port = taken.getLocalPort();

            assertThatThrownBy(() -> start(port, 0))
                    .isInstanceOf(ListenerUnavailable.class)
                    .hasMessageContaining("the public listener cannot listen on 127.0.0.1:" + port)
                    .hasMessageContaining("ingress.port (--port)");
        }
    }

    private void start(int port, int adminPort) {
        IngressSettings settings = IngressSettings.builder("unused").port(port).adminPort(adminPort).build();
        HttpListeners.start(settings.http(), HttpListeners.admin("127.0.0.1", adminPort), new ResourceConfig(),
                (jersey, threads) -> jersey, new IngressMetrics(new SimpleMeterRegistry()), stops::push);
    }

    private static ServerSocket held() throws Exception {
        ServerSocket socket = new ServerSocket();
        socket.bind(new InetSocketAddress("127.0.0.1", 0));
        return socket;
    }
}
