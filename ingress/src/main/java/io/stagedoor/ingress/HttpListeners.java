package io.stagedoor.ingress;

import io.stagedoor.ingress.auth.TrustedProxies;
import io.stagedoor.ingress.connections.ConnectionCaps;
import io.stagedoor.ingress.connections.ConnectionGate;
import io.stagedoor.ingress.http.ProblemErrorPages;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpHandlerRegistration;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.NetworkListener;
import org.glassfish.grizzly.http.server.ServerConfiguration;
import org.glassfish.grizzly.strategies.SameThreadIOStrategy;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * The Grizzly server of one instance: a public listener and an admin listener serving one Jersey application behind
 * a front handler. Grizzly parses each request on its selector thread and hands it to the front, which answers what
 * it can there and gives the rest to Jersey on a virtual thread of its own; Grizzly's own error pages are answered
 * as problems. A connection carries as many requests as the keep-alive limit says (none by default), for as long
 * as its listener's {@link ConnectionGate} lets it live.
 */
public final class HttpListeners {

    /** The name of the admin listener. */
    public static final String ADMIN = "admin";
    /** The name the public listener goes by in metrics and messages. */
    public static final String PUBLIC = "public";
    /**
     * Jersey warns that resource instances "do not implement any provider interfaces" although it serves them
     * (eclipse-ee4j/jersey#3700); kept in fields so the levels stick.
     */
    private static final java.util.logging.Logger JERSEY_PROVIDERS = quiet("org.glassfish.jersey.internal.inject.Providers");
    private static final java.util.logging.Logger GRIZZLY = quiet("org.glassfish.grizzly");

    private HttpListeners() {
    }

    /** The admin listener, to be passed to {@link #start}; its port is known once the server listens. */
    public static NetworkListener admin(String bindAddress, int port) {
        return new NetworkListener(ADMIN, bindAddress, port);
    }

    /** What runs in front of Jersey's container: a handler that hands Jersey what it does not answer itself. */
    @FunctionalInterface
    public interface Front {
        /** The handler before {@code jersey}, which runs Jersey's requests on {@code virtualThreads}. */
        HttpHandler before(HttpHandler jersey, Executor virtualThreads);
    }

    /**
     * Serves {@code config} behind {@code front} on {@code http://bindAddress:port/} of {@code http} and on
     * {@code admin}, each listener behind a {@link ConnectionGate} of {@code http}'s connection bounds, and hands
     * {@code stopOnClose} what stops it: the worker threads, then the server (to be stopped first).
     *
     * @throws ListenerUnavailable naming the listener, its address and the setting to change, when one cannot bind
     */
    public static HttpServer start(HttpSettings http, NetworkListener admin, ResourceConfig config, Front front,
                                   IngressMetrics metrics, Consumer<AutoCloseable> stopOnClose) {
        URI uri = URI.create("http://" + http.bindAddress() + ":" + http.port() + "/");
        HttpServer server = GrizzlyHttpServerFactory.createHttpServer(uri, config, false);
        server.addListener(admin);
        ExecutorService workers = virtualThreadWorkers(server, stopOnClose);
        putInFront(server, front, workers);
        HttpSettings.Connections bounds = http.connections();
        TrustedProxies balancers = new TrustedProxies(http.trustedProxies());
        server.getListeners().forEach(listener -> {
            listener.getKeepAlive().setMaxRequestsCount(http.keepAliveRequests());
            listener.getKeepAlive().setIdleTimeoutInSeconds((int) bounds.idleTimeout().toSeconds());
            listener.getTransport().setIOStrategy(SameThreadIOStrategy.getInstance());
            String name = ADMIN.equals(listener.getName()) ? ADMIN : PUBLIC;
            new ConnectionGate(name, new ConnectionCaps(name, bounds.max(), bounds.perAddress(), balancers::trusts),
                    bounds.maxAge(), metrics, System::nanoTime).install(listener, server.getServerConfiguration());
        });
        server.getServerConfiguration().setDefaultErrorPageGenerator(new ProblemErrorPages());
        try {
            server.start();
        } catch (IOException e) {
            ListenerUnavailable unavailable = ListenerUnavailable.of(server, e);
            server.shutdownNow();
            throw unavailable;
        }
        stopOnClose.accept(server::shutdownNow);
        return server;
    }

    /** The port the public listener of {@code server} listens on. */
    public static int publicPort(HttpServer server) {
        return server.getListeners().stream().filter(l -> !ADMIN.equals(l.getName())).findFirst()
                .orElseThrow().getPort();
    }

    /** The port the admin listener of {@code server} listens on. */
    public static int adminPort(HttpServer server) {
        return server.getListener(ADMIN).getPort();
    }

    /**
     * Jersey's requests run on a virtual thread each instead of waiting in Grizzly's worker queue (which has no
     * limit). A ring that waits for Redis parks only its virtual thread; the door, the first thing every request
     * meets, bounds how many requests do work at once and sheds the rest.
     */
    private static ExecutorService virtualThreadWorkers(HttpServer server, Consumer<AutoCloseable> stopOnClose) {
        ExecutorService workers = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("ingress-http-", 0).factory());
        server.getListeners().forEach(listener -> listener.getTransport().setWorkerThreadPool(workers));
        stopOnClose.accept(workers::shutdownNow);
        return workers;
    }

    /** Replaces Jersey's container, mapped at the root, by {@code front} before it. */
    private static void putInFront(HttpServer server, Front front, ExecutorService workers) {
        ServerConfiguration routes = server.getServerConfiguration();
        HttpHandler jersey = routes.getHttpHandlersWithMapping().keySet().iterator().next();
        routes.removeHttpHandler(jersey);
        routes.addHttpHandler(front.before(jersey, workers), HttpHandlerRegistration.ROOT);
    }

    private static java.util.logging.Logger quiet(String name) {
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
        logger.setLevel(java.util.logging.Level.SEVERE);
        return logger;
    }
}
