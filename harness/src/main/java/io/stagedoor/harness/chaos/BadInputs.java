package io.stagedoor.harness.chaos;

import io.stagedoor.harness.DemoAccounts;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * A seeded generator of bad requests across every route: holds, checkout, results, login, scans, the waiting
 * room, admin and events. Each is malformed JSON, an oversized body, a wrongly typed field, a wrong encoding or
 * media type, a forged credential or id, or a method the route does not take. Some carry valid credentials, so the
 * body reaches validation; none carries a body that could be accepted. The same seed gives the same requests.
 */
final class BadInputs {

    private static final String JSON = "application/json";
    private final Random random;
    private final String eventId;
    private final Supplier<String> validToken;
    private final List<Supplier<BadRequest>> makers;

    /**
     * @param eventId    an event that exists (so some requests get past "unknown event")
     * @param validToken a real buyer token each time it is asked (so some requests get past authentication)
     */
    BadInputs(long seed, String eventId, Supplier<String> validToken) {
        this.random = new Random(seed);
        this.eventId = eventId;
        this.validToken = validToken;
        this.makers = List.of(this::malformedHold, this::oversizedHold, this::wronglyTypedHold, this::wronglyEncodedHold,
                this::forgedHold, this::badCheckout, this::badResult, this::badLogin, this::badScan, this::badQueue,
                this::badAdmin, this::badEvents, this::wrongMethod);
    }

    /** The next bad request. */
    BadRequest next() {
        return makers.get(random.nextInt(makers.size())).get();
    }

    private BadRequest malformedHold() {
        return post("malformed", "/v1/events/" + eventId + "/holds", buyer(), malformedJson());
    }

    private BadRequest oversizedHold() {
        int size = 16 * 1024 + 1 + random.nextInt(64 * 1024);
        StringBuilder seats = new StringBuilder("{\"seats\":[");
        while (seats.length() < size) {
            seats.append("\"S-").append(random.nextInt(1_000_000)).append("\",");
        }
        seats.append("\"S-1\"]}");
        return post("oversized", "/v1/events/" + eventId + "/holds", buyer(), bytes(seats.toString()));
    }

    private BadRequest wronglyTypedHold() {
        String[] bodies = {"{\"seats\":5}", "{\"seats\":\"S-1\"}", "{\"seats\":[1,2]}", "{\"seats\":[null]}",
                "{\"seats\":[{\"id\":\"S-1\"}]}", "{\"seats\":[]}", "{\"seats\":[\"S-1\",\"S-1\"]}", "{}",
                "{\"seats\":[\"S-1\",\"S-2\",\"S-3\",\"S-4\",\"S-5\",\"S-6\",\"S-7\",\"S-8\",\"S-9\"]}",
                "{\"seats\":[\"Z-99999\"]}", "{\"seats\":true}", "[\"S-1\"]", "\"S-1\"", "null", "42"};
        return post("wrongly typed", "/v1/events/" + pick(eventId, "no-such-event", "%20", "x".repeat(300))
                + "/holds", buyer(), bytes(pick(bodies)));
    }

    private BadRequest wronglyEncodedHold() {
        byte[] latin1 = "{\"seats\":[\"S-\u00e9\u00ff\"]}".getBytes(StandardCharsets.ISO_8859_1);
        byte[] invalidUtf8 = {'{', '"', 's', 'e', 'a', 't', 's', '"', ':', '[', '"', (byte) 0xC3, (byte) 0x28, '"', ']', '}'};
        byte[] utf16 = "{\"seats\":[\"Z-1\"]}".getBytes(StandardCharsets.UTF_16);
        byte[] body = pick(latin1, invalidUtf8, utf16, new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'});
        Map<String, String> headers = new LinkedHashMap<>(Map.of("Authorization", "Bearer " + validToken.get()));
        String type = pick(JSON, "application/json; charset=ebcdic", "text/plain", "application/xml",
                "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16");
        headers.put("Content-Type", type);
        if (random.nextInt(4) == 0) {
            headers.put("Content-Encoding", "gzip");
        }
        return new BadRequest("wrongly encoded", "POST", "/v1/events/" + eventId + "/holds", headers, body);
    }

    private BadRequest forgedHold() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", JSON);
        headers.put("Authorization", pick("Bearer " + forgedToken(), "Bearer", "Basic YWRhOnN0YWdlZG9vcg==",
                "bearer " + validToken.get() + "x", "Bearer " + validToken.get().replace('.', '_'), "Bearer ../../etc"));
        return new BadRequest("forged", "POST", "/v1/events/" + eventId + "/holds", headers,
                bytes("{\"seats\":[\"Z-1\"]}"));
    }

    private BadRequest badCheckout() {
        String hold = pick("hold_" + randomId(20), "", "%2e%2e", "x".repeat(1_000), "hold_" + randomId(3));
        byte[] body = bytes(pick("{\"paymentToken\":123}", "{\"paymentToken\":null}", "{}", "{\"paymentToken\":\"tok_ok\"}",
                "{\"paymentToken\":[\"tok_ok\"]}", "{\"paymentToken\":\"" + "t".repeat(5_000) + "\"}"));
        if (random.nextInt(3) == 0) {
            body = malformedJson();
        }
        Map<String, String> headers = random.nextBoolean() ? buyer() : forgedBuyer();
        if (random.nextInt(5) == 0) {
            headers.put("Idempotency-Key", pick("k".repeat(256 + random.nextInt(50)), "a b c", "{}"));
        }
        return post(random.nextBoolean() ? "malformed" : "forged", "/v1/holds/" + hold + "/checkout", headers, body);
    }

    private BadRequest badResult() {
        Map<String, String> headers = random.nextBoolean() ? buyer() : forgedBuyer();
        headers.remove("Content-Type");
        if (random.nextBoolean()) {
            headers.put("Prefer", pick("wait=abc", "wait=-1", "wait=99999999999", "wait=", "wait=0.5", "respond-async"));
        }
        String id = pick(randomId(54), randomId(10), randomId(200), "..%2F..%2Fadmin", "%00", "null");
        return new BadRequest("forged", "GET", "/v1/results/" + id, headers, new byte[0]);
    }

    private BadRequest badLogin() {
        byte[] body = bytes(pick("{\"email\":[],\"password\":{}}", "{\"email\":\"ada@stagedoor.test\"}",
                "{\"email\":\"not-an-email\",\"password\":\"x\"}", "{\"email\":null,\"password\":null}",
                "{\"email\":\"" + "a".repeat(10_000) + "@x.test\",\"password\":\"p\"}", "[]"));
        if (random.nextInt(3) == 0) {
            body = malformedJson();
        }
        Map<String, String> headers = new LinkedHashMap<>(Map.of("Content-Type", pick(JSON, "text/plain")));
        if (random.nextBoolean()) {
            headers.put("X-Forwarded-For", pick("1.2.3.4", "not-an-address", "::1, 10.0.0.1", ""));
        }
        return new BadRequest("malformed", "POST", "/v1/login", headers, body);
    }

    private BadRequest badScan() {
        Map<String, String> headers = new LinkedHashMap<>(Map.of("Content-Type", JSON));
        headers.put("X-Api-Key", pick(DemoAccounts.GATE_KEY, "sdk.gate-a.forged", "", "sdk..", "x".repeat(500)));
        byte[] body = bytes(pick("{\"ticket\":true}", "{\"ticket\":\"tkt_" + randomId(30) + "\"}", "{}",
                "{\"ticket\":\"" + "t".repeat(20_000) + "\"}"));
        if (random.nextInt(3) == 0) {
            body = malformedJson();
        }
        return new BadRequest("forged", "POST", "/v1/scans", headers, body);
    }

    private BadRequest badQueue() {
        Map<String, String> headers = random.nextBoolean() ? buyer() : forgedBuyer();
        if (random.nextBoolean()) {
            headers.remove("Content-Type");
            return new BadRequest("forged", "GET", "/v1/events/" + pick(eventId, "nope") + "/queue/"
                    + pick(randomId(30), "%2e%2e", "x".repeat(400)), headers, new byte[0]);
        }
        return post("malformed", "/v1/events/" + pick("nope", "x".repeat(300)) + "/queue", headers,
                random.nextBoolean() ? malformedJson() : new byte[0]);
    }

    private BadRequest badAdmin() {
        Map<String, String> headers = new LinkedHashMap<>(Map.of("Content-Type", JSON));
        headers.put("X-Admin-Key", pick("dev-admin-key", "forged-admin-key", ""));
        String path = "/v1/admin/events/" + pick("fuzz-" + randomId(6), eventId, "%20")
                + (random.nextBoolean() ? "/waiting-room" : "");
        byte[] body = bytes(pick("{\"entryRatePerSecond\":\"fast\"}", "{\"entryRatePerSecond\":-5}",
                "{\"paused\":\"maybe\"}", "{\"eventId\":5,\"seats\":\"all\"}", "{\"seats\":[1,2,3]}"));
        if (random.nextInt(3) == 0) {
            body = malformedJson();
        }
        if (!headers.get("X-Admin-Key").equals("dev-admin-key")) {
            return random.nextBoolean() ? new BadRequest("forged", "PUT", path, headers, body)
                    : new BadRequest("forged", "GET", path, headers, new byte[0]);
        }
        return new BadRequest("wrongly typed", "PUT", path, headers, body);
    }

    private BadRequest badEvents() {
        Map<String, String> headers = new LinkedHashMap<>();
        if (random.nextBoolean()) {
            headers.put("Accept", pick("application/xml", "text/html", "*/*;q=abc"));
        }
        return new BadRequest("malformed", "GET", "/v1/events/" + pick("no-such-event", "x".repeat(1_000), "%00",
                "%F0%9F%8E%AB", "..%2F..") + pick("", "/seats", "/holds"), headers, new byte[0]);
    }

    private BadRequest wrongMethod() {
        String path = pick("/v1/events/" + eventId + "/holds", "/v1/holds/hold_x/checkout", "/v1/login", "/v1/scans",
                "/v1/results/" + randomId(54), "/v1/admin/events/" + eventId, "/v1/events");
        String method = pick("DELETE", "PATCH", "PUT");
        return new BadRequest("wrong method", method, path, buyer(), method.equals("DELETE") ? new byte[0] : bytes("{}"));
    }

    private BadRequest post(String kind, String path, Map<String, String> headers, byte[] body) {
        return new BadRequest(kind, "POST", path, headers, body);
    }

    private Map<String, String> buyer() {
        return new LinkedHashMap<>(Map.of("Content-Type", JSON, "Authorization", "Bearer " + validToken.get()));
    }

    private Map<String, String> forgedBuyer() {
        return new LinkedHashMap<>(Map.of("Content-Type", JSON, "Authorization", "Bearer " + forgedToken()));
    }

    private String forgedToken() {
        Base64.Encoder url = Base64.getUrlEncoder().withoutPadding();
        String header = url.encodeToString(bytes(pick("{\"alg\":\"none\"}", "{\"alg\":\"HS256\",\"typ\":\"JWT\"}",
                "{\"alg\":\"RS256\"}", "not json")));
        String claims = url.encodeToString(bytes("{\"sub\":\"buyer-" + random.nextInt(100) + "\",\"iss\":\"stagedoor\",\"exp\":"
                + pick("9999999999", "1", "\"soon\"") + "}"));
        return header + "." + claims + "." + pick("", randomId(43), "AAAA");
    }

    private byte[] malformedJson() {
        return bytes(pick("{", "{\"seats\":", "{\"seats\":[\"S-1\"", "}{", "{'seats':['S-1']}", "{\"a\":1,}",
                "[".repeat(5_000), "{\"seats\":[\"S-1\"]}garbage", "\u0000\u0001\u0002", "NaN", "{\"\\ud800\":1}",
                "{\"seats\":[\"S-1\"],\"seats\":5}", randomId(100)));
    }

    private String randomId(int length) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        StringBuilder id = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            id.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return id.toString();
    }

    @SafeVarargs
    private <T> T pick(T... choices) {
        return choices[random.nextInt(choices.length)];
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
