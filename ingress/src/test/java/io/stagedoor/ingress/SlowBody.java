package io.stagedoor.ingress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * An attacker's request on a raw socket: the headers at once, then the body {@code pace} apart one byte at a time
 * (or nothing at all), stopping when the server answers. One virtual thread writes and one reads, so the answer is
 * taken off the socket the moment it arrives, even while the writer is between bytes.
 */
final class SlowBody implements AutoCloseable {

    private final Socket socket;
    private final CompletableFuture<Answer> answer = new CompletableFuture<>();
    private final long headersSentAt;

    private SlowBody(Socket socket, long headersSentAt) {
        this.socket = socket;
        this.headersSentAt = headersSentAt;
    }

    /**
     * Sends {@code POST path} with these headers and a Content-Length of {@code body}, then dribbles {@code body}
     * one byte per {@code pace}; a null pace sends nothing after the headers.
     */
    static SlowBody post(int port, String path, Map<String, String> headers, String body, Duration pace)
            throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("Content-Type: application/json\r\nContent-Length: ").append(bytes.length).append("\r\n\r\n");
        OutputStream out = socket.getOutputStream();
        out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
        out.flush();
        SlowBody slow = new SlowBody(socket, System.nanoTime());
        Thread.ofVirtual().name("slow-body-reader").start(slow::readAnswer);
        if (pace != null) {
            Thread.ofVirtual().name("slow-body-writer").start(() -> slow.dribble(out, bytes, pace));
        }
        return slow;
    }

    /** The server's answer, when it comes. */
    CompletableFuture<Answer> answer() {
        return answer;
    }

    // The attacker's own pace, not a wait for the server: the server's answer is awaited on the future.
    private void dribble(OutputStream out, byte[] body, Duration pace) {
        try {
            for (byte b : body) {
                Thread.sleep(pace);
                if (answer.isDone()) {
                    return;
                }
                out.write(b);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the server closed the connection; the reader reports what it said
        }
    }

    private void readAnswer() {
        try {
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            long answeredAt = System.nanoTime();
            String[] lines = head.split("\r\n");
            int status = Integer.parseInt(lines[0].split(" ")[1]);
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
            byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
            answer.complete(new Answer(status, headers, new String(body, StandardCharsets.UTF_8),
                    Duration.ofNanos(answeredAt - headersSentAt), status == 408 && closedAfter(in)));
        } catch (IOException | RuntimeException e) {
            answer.completeExceptionally(e);
        }
    }

    private boolean closedAfter(InputStream in) throws IOException {
        socket.setSoTimeout(2_000);
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset: closed as well
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the server closed the connection without an answer: " + head);
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.US_ASCII).trim();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /**
     * What the server said.
     *
     * @param after       from the headers leaving the client to the answer's head arriving
     * @param closedAfter whether the server closed the connection after the answer (looked at for 408 only)
     */
    record Answer(int status, Map<String, String> headers, String body, Duration after, boolean closedAfter) {
    }
}
