package io.stagedoor.ingress.connections;

import io.stagedoor.ingress.metrics.IngressMetrics;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.glassfish.grizzly.CloseListener;
import org.glassfish.grizzly.CloseType;
import org.glassfish.grizzly.Closeable;
import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.filterchain.TransportFilter;
import org.glassfish.grizzly.http.server.AddOn;
import org.glassfish.grizzly.http.server.HttpServerFilter;
import org.glassfish.grizzly.http.server.HttpServerProbe;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.http.server.Request;

/**
 * One listener's connections, as Grizzly sees them. At accept, right after the transport and before a byte is read,
 * a connection over a {@link ConnectionCaps} cap is closed: the cheapest refusal there is, and one no client can
 * hold open. Every connection it lets in has an age no client can extend: a request that starts once the connection
 * is older than {@code maxAge} is answered with {@code Connection: close}, so a trickle of cheap requests (one every
 * 25 s, under the idle timeout) ends at its first request past the age. Between requests the listener's idle timeout
 * closes the connection; Grizzly restarts that timer only on a whole request, so header bytes dribbled under it do
 * not extend it, and a body is bounded by the body deadline.
 *
 * <p>Install it with {@link #install} before the server starts.
 */
public final class ConnectionGate implements AddOn {

    private final String listener;
    private final ConnectionCaps caps;
    private final long maxAgeNanos;
    private final LongSupplier nanoTime;
    private final IngressMetrics metrics;
    private final Map<Connection<?>, Tracked> open = new ConcurrentHashMap<>();

    /** One open connection: its place under the caps and when it opened. */
    private record Tracked(ConnectionCaps.Opened place, long openedAt) {
    }

    public ConnectionGate(String listener, ConnectionCaps caps, Duration maxAge, IngressMetrics metrics,
                          LongSupplier nanoTime) {
        this.listener = listener;
        this.caps = caps;
        this.maxAgeNanos = maxAge.toNanos();
        this.metrics = metrics;
        this.nanoTime = nanoTime;
        metrics.connectionsOpen(listener, caps::open);
    }

    /** Puts the gate on {@code target}: its accept filter in the listener's chain, its probe on the server. */
    public void install(NetworkListener target, org.glassfish.grizzly.http.server.ServerConfiguration server) {
        target.registerAddOn(this);
        server.getMonitoringConfig().getWebServerConfig().addProbes(new ServiceProbe());
    }

    @Override
    public void setup(NetworkListener target, FilterChainBuilder chain) {
        chain.add(chain.indexOfType(TransportFilter.class) + 1, new AcceptFilter());
    }

    private boolean aged(Tracked tracked, long now) {
        return now - tracked.openedAt > maxAgeNanos;
    }

    /** First after the transport: counts each accepted connection under the caps, or closes it. */
    private final class AcceptFilter extends BaseFilter {

        @Override
        public NextAction handleAccept(FilterChainContext ctx) throws IOException {
            Connection<?> connection = ctx.getConnection();
            InetAddress peer = connection.getPeerAddress() instanceof InetSocketAddress address
                    ? address.getAddress() : null;
            if (peer == null) {
                connection.closeSilently();
                return ctx.getStopAction();
            }
            ConnectionCaps.Result result = caps.open(peer);
            if (!result.admitted()) {
                metrics.connectionRefused(listener, result.refusal().tag());
                connection.closeSilently();
                return ctx.getStopAction();
            }
            open.put(connection, new Tracked(result.opened(), nanoTime.getAsLong()));
            // called once, at once if the connection closed meanwhile
            connection.addCloseListener((CloseListener<Closeable, CloseType>) (closed, type) -> {
                Tracked gone = open.remove(connection);
                if (gone != null) {
                    gone.place.release();
                }
            });
            return ctx.getInvokeAction();
        }
    }

    /** Asks a connection past its age to close after the request that starts now. */
    private final class ServiceProbe extends HttpServerProbe.Adapter {

        @Override
        public void onRequestReceiveEvent(HttpServerFilter filter, Connection connection, Request request) {
            Tracked tracked = open.get(connection);
            if (tracked == null) {
                return;
            }
            if (aged(tracked, nanoTime.getAsLong())) {
                metrics.connectionAged(listener);
                request.getResponse().setHeader("Connection", "close");
            }
        }
    }
}
