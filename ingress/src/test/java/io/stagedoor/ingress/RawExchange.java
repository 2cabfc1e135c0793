package io.stagedoor.ingress;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One HTTP/1.1 exchange on a socket of its own, the request written in one piece (head and body together, as a
 * load generator or a browser writes a small POST): the status, the headers lower-cased, the body.
 */
record RawExchange(int status, Map<String, String> headers, String body) {

    /** {@code POST path} with a bearer token, a JSON body and, when not null, an Accept header. */
    static RawExchange post(int port, String path, String token, String json, String accept) throws IOException {
        return post(port, path, token, json, accept, null);
    }

    /** The same, with an {@code Idempotency-Key} when {@code idempotencyKey} is not null. */
    static RawExchange post(int port, String path, String token, String json, String accept, String idempotencyKey)
            throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        String head = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + "Authorization: Bearer " + token + "\r\nContent-Type: application/json\r\n"
                + (accept == null ? "" : "Accept: " + accept + "\r\n")
                + (idempotencyKey == null ? "" : "Idempotency-Key: " + idempotencyKey + "\r\n")
                + "Content-Length: " + body.length + "\r\n\r\n";
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            byte[] request = new byte[head.length() + body.length];
            System.arraycopy(head.getBytes(StandardCharsets.US_ASCII), 0, request, 0, head.length());
            System.arraycopy(body, 0, request, head.length(), body.length);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            return read(new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8)));
        }
    }

    /** {@code GET path} with, when not null, an Accept header. */
    static RawExchange get(int port, String path, String accept) throws IOException {
        String head = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                + (accept == null ? "" : "Accept: " + accept + "\r\n") + "\r\n";
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return read(new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8)));
        }
    }

    /** Reads one response: its status line, headers and a Content-Length body. */
    static RawExchange read(BufferedReader in) throws IOException {
        String statusLine = in.readLine();
        Map<String, String> headers = new TreeMap<>();
        for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        char[] body = new char[length];
        int read = 0;
        while (read < length) {
            int n = in.read(body, read, length - read);
            if (n < 0) {
                break;
            }
            read += n;
        }
        return new RawExchange(Integer.parseInt(statusLine.split(" ")[1]), headers, new String(body, 0, read));
    }

    /** The header names, without those every answer carries differently (date, length). */
    Set<String> headerNames() {
        Set<String> names = new java.util.TreeSet<>(headers.keySet());
        names.remove("date");
        names.remove("content-length");
        names.remove("connection");
        return names;
    }
}
