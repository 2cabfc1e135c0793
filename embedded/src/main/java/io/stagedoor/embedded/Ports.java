package io.stagedoor.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * TCP ports on 127.0.0.1. A port reported free can be taken by another process before the caller binds it;
 * callers that must have a port retry or fail loudly.
 */
public final class Ports {

    /** The loopback address every embedded server binds to. */
    public static final String LOOPBACK = "127.0.0.1";

    private Ports() {
    }

    /** Whether a server could bind {@code port} on 127.0.0.1 right now. */
    public static boolean isFree(int port) {
        if (port <= 0 || port > 65_535) {
            return false;
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(LOOPBACK), port));
            return true;
        } catch (IOException taken) {
            return false;
        }
    }

    /** A port the operating system reports free on 127.0.0.1. */
    public static int anyFree() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(EmbeddedMessages.noFreePort(), e);
        }
    }

    /** {@code preferred} when it is free, else any free port. */
    public static int preferredOrFree(int preferred) {
        return isFree(preferred) ? preferred : anyFree();
    }
}
