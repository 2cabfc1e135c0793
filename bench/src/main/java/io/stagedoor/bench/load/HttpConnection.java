package io.stagedoor.bench.load;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * One keep-alive HTTP/1.1 connection on a plain blocking socket, meant to be used by one (virtual) thread at a
 * time: write a whole request, read the whole response. Far cheaper per request than the JDK's HttpClient, so on
 * a 2-core machine the driver leaves more CPU to the server it measures. Reopens itself after an I/O error or a
 * {@code Connection: close}.
 */
public final class HttpConnection implements AutoCloseable {

    private final InetSocketAddress address;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    public HttpConnection(String host, int port) {
        this.address = new InetSocketAddress(host, port);
    }

    /** Sends {@code request} (a complete HTTP/1.1 message, see {@link HttpRequests}) and reads its response. */
    public HttpAnswer exchange(byte[] request) throws IOException {
        try {
            return exchangeOnce(request);
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    private HttpAnswer exchangeOnce(byte[] request) throws IOException {
        if (socket == null) {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.connect(address, 5_000);
            socket.setSoTimeout(60_000);
            in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
            out = socket.getOutputStream();
        }
        out.write(request);
        out.flush();
        String statusLine = line();
        int status = Integer.parseInt(statusLine.substring(9, 12));
        int length = -1;
        boolean chunked = false;
        boolean close = false;
        String location = null;
        long retryAfter = -1;
        for (String header = line(); !header.isEmpty(); header = line()) {
            int colon = header.indexOf(':');
            String name = header.substring(0, colon).trim();
            String value = header.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("Content-Length")) {
                length = Integer.parseInt(value);
            } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                chunked = value.equalsIgnoreCase("chunked");
            } else if (name.equalsIgnoreCase("Connection")) {
                close = value.equalsIgnoreCase("close");
            } else if (name.equalsIgnoreCase("Location")) {
                location = value;
            } else if (name.equalsIgnoreCase("Retry-After")) {
                retryAfter = retryAfterSeconds(value);
            }
        }
        byte[] body = chunked ? chunkedBody() : fixedBody(Math.max(0, length));
        if (close) {
            close();
        }
        return new HttpAnswer(status, location, body, retryAfter);
    }

    /** Delay-seconds (RFC 9110 10.2.3); an HTTP date, which the servers measured here never send, reads as absent. */
    private static long retryAfterSeconds(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException date) {
            return -1;
        }
    }

    private byte[] fixedBody(int length) throws IOException {
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            throw new EOFException("response body cut short");
        }
        return body;
    }

    private byte[] chunkedBody() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = line();
            int semicolon = size.indexOf(';');
            int length = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            if (length == 0) {
                for (String trailer = line(); !trailer.isEmpty(); trailer = line()) {
                    // trailers are not used here
                }
                return body.toByteArray();
            }
            body.write(fixedBody(length));
            line();
        }
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder(64);
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed by the server");
            }
            if (b == '\n') {
                int end = line.length();
                return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
            }
            line.append((char) b);
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a broken socket: nothing to do
            }
            socket = null;
        }
    }

    /**
     * What a response said that the benchmarks read.
     *
     * @param retryAfter the {@code Retry-After} header's seconds, or -1 when it had none
     */
    public record HttpAnswer(int status, String location, byte[] body, long retryAfter) {
        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The correlation id of a 202 (the last segment of its Location), or null. */
        public String correlationId() {
            return location == null ? null : location.substring(location.lastIndexOf('/') + 1);
        }
    }
}
