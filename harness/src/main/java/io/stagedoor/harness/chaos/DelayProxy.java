package io.stagedoor.harness.chaos;

import io.stagedoor.harness.HarnessMessages;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy on 127.0.0.1 that delays every byte, in each direction, by a delay that can change at any time (a
 * slow network to Redis). When the target refuses a connection the proxy closes the client's at once, as a dead
 * host would.
 *
 * <p>Each direction of a connection is a delay line of two virtual threads: one reads and stamps each chunk with
 * the time it may leave, one writes chunks when their time comes. A single thread that read, slept and wrote would
 * add the delay once per chunk in sequence, so pipelined commands (Lettuce sends many on one connection) would wait
 * for each other instead of each being late by the delay.
 */
final class DelayProxy implements AutoCloseable {

    private static final byte[] END = new byte[0];

    private final ServerSocket server;
    private final int targetPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile long delayNanos;
    private volatile boolean closed;

    private DelayProxy(ServerSocket server, int targetPort) {
        this.server = server;
        this.targetPort = targetPort;
    }

    /** Listens on {@code port} and forwards to 127.0.0.1:{@code targetPort}, with no delay until one is set. */
    static DelayProxy start(int port, int targetPort) {
        try {
            ServerSocket server = new ServerSocket();
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            DelayProxy proxy = new DelayProxy(server, targetPort);
            Thread.ofVirtual().name("delay-proxy-accept").start(proxy::acceptLoop);
            return proxy;
        } catch (IOException e) {
            throw new UncheckedIOException(HarnessMessages.cannotListen(port), e);
        }
    }

    int port() {
        return server.getLocalPort();
    }

    /** Delays every byte sent from now on by {@code delay} (zero: none). */
    void delay(Duration delay) {
        delayNanos = delay.toNanos();
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(server);
        sockets.forEach(DelayProxy::closeQuietly);
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                client.setTcpNoDelay(true);
                Thread.ofVirtual().name("delay-proxy-connect").start(() -> connect(client));
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    private void connect(Socket client) {
        Socket target = new Socket();
        try {
            target.setTcpNoDelay(true);
            target.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 1_000);
        } catch (IOException refused) {
            closeQuietly(client);
            closeQuietly(target);
            return;
        }
        sockets.add(client);
        sockets.add(target);
        pipe(client, target);
        pipe(target, client);
    }

    /** Starts the delay line from {@code from} to {@code to}; either end closing closes both. */
    private void pipe(Socket from, Socket to) {
        BlockingQueue<Chunk> line = new LinkedBlockingQueue<>();
        Thread.ofVirtual().name("delay-proxy-read").start(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream()) {
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    line.add(new Chunk(System.nanoTime() + delayNanos, Arrays.copyOf(buffer, read)));
                }
            } catch (IOException ignored) {
                // the connection ended
            }
            line.add(new Chunk(System.nanoTime() + delayNanos, END));
        });
        Thread.ofVirtual().name("delay-proxy-write").start(() -> {
            try (OutputStream out = to.getOutputStream()) {
                while (true) {
                    Chunk chunk = line.take();
                    long wait = chunk.due() - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                    if (chunk.bytes() == END) {
                        break;
                    }
                    out.write(chunk.bytes());
                    out.flush();
                }
            } catch (IOException | InterruptedException ignored) {
                // the connection ended
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                sockets.remove(from);
                sockets.remove(to);
            }
        });
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private record Chunk(long due, byte[] bytes) {
    }
}
