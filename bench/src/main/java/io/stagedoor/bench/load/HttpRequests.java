package io.stagedoor.bench.load;

import java.nio.charset.StandardCharsets;

/** Complete HTTP/1.1 request messages as bytes, built once so the driver only writes them. */
public final class HttpRequests {

    private final String hostHeader;

    public HttpRequests(String host, int port) {
        this.hostHeader = host + ":" + port;
    }

    /** {@code GET path}, with a bearer token when {@code token} is not null. */
    public byte[] get(String path, String token) {
        return message("GET", path, token, null, null, null);
    }

    /** {@code POST path} with a JSON body and a bearer token. */
    public byte[] postJson(String path, String token, String json) {
        return message("POST", path, token, json, null, null);
    }

    /** {@code POST path} with a JSON body, a bearer token and one more header, {@code header: value}. */
    public byte[] postJson(String path, String token, String json, String header, String value) {
        return message("POST", path, token, json, header, value);
    }

    /** {@code POST path} without a body ({@code Content-Length: 0}), with a bearer token. */
    public byte[] post(String path, String token) {
        return message("POST", path, token, null, null, null);
    }

    private byte[] message(String method, String path, String token, String json, String header, String value) {
        StringBuilder m = new StringBuilder(256 + (json == null ? 0 : json.length()));
        m.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ").append(hostHeader)
                .append("\r\nAccept: application/json\r\n");
        if (token != null) {
            m.append("Authorization: Bearer ").append(token).append("\r\n");
        }
        if (header != null) {
            m.append(header).append(": ").append(value).append("\r\n");
        }
        if (json != null) {
            byte[] body = json.getBytes(StandardCharsets.UTF_8);
            m.append("Content-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n\r\n")
                    .append(json);
        } else if (method.equals("POST")) {
            m.append("Content-Length: 0\r\n\r\n");
        } else {
            m.append("\r\n");
        }
        return m.toString().getBytes(StandardCharsets.UTF_8);
    }
}
