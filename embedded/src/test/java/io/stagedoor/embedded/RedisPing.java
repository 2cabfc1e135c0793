package io.stagedoor.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** Speaks just enough RESP over a raw socket to ask a Redis for PONG. */
final class RedisPing {

    private RedisPing() {
    }

    static String ping(int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(Ports.LOOPBACK, port), 1_000);
            socket.setSoTimeout(2_000);
            socket.getOutputStream().write("*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            StringBuilder reply = new StringBuilder();
            for (int c = in.read(); c != -1 && c != '\r'; c = in.read()) {
                reply.append((char) c);
            }
            return reply.toString();
        }
    }
}
