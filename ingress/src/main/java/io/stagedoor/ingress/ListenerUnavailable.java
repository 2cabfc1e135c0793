package io.stagedoor.ingress;

import io.stagedoor.ingress.http.IngressMessages;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;

/**
 * A listener could not bind: its port is taken (a second instance on one host) or its address is not this host's.
 * The message names the listener, its address and the settings that choose them, so an operator reads what to change
 * instead of a bare {@code BindException}; it is an {@link IllegalStateException}, which the commands print alone.
 */
public final class ListenerUnavailable extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private ListenerUnavailable(String message, Throwable cause) {
        super(message, cause);
    }

    /** Which listener of {@code server} failed to start with {@code cause}, said plainly. */
    static ListenerUnavailable of(HttpServer server, IOException cause) {
        List<NetworkListener> notStarted = server.getListeners().stream().filter(l -> !l.isStarted()).toList();
        // Grizzly does not say which listener failed: it is the one, of those not started, that cannot bind now.
        NetworkListener failed = notStarted.stream().filter(ListenerUnavailable::cannotBind).findFirst()
                .orElse(notStarted.isEmpty() ? server.getListeners().iterator().next() : notStarted.getFirst());
        boolean admin = HttpListeners.ADMIN.equals(failed.getName());
        return new ListenerUnavailable(IngressMessages.listenerUnavailable(
                admin ? HttpListeners.ADMIN : HttpListeners.PUBLIC, failed.getHost() + ":" + failed.getPort(),
                admin ? "ingress.admin-port (--admin-port)" : "ingress.port (--port)",
                admin ? "ingress.admin-bind-address (--admin-bind)" : "ingress.bind-address (--bind)",
                String.valueOf(cause.getMessage())), cause);
    }

    private static boolean cannotBind(NetworkListener listener) {
        if (listener.getPort() == 0) {
            return false;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(listener.getHost(), listener.getPort()));
            return false;
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }
}
