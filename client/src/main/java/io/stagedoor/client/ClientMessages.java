package io.stagedoor.client;

/** Every message the client writes, in one place, so tests and callers can rely on the wording. */
public final class ClientMessages {

    public static final String BASE_URI_REQUIRED = "a base URI is required (for example http://127.0.0.1:8080)";
    public static final String TOKEN_REQUIRED = "a bearer token is required";
    public static final String SEATS_REQUIRED = "at least one seat is required";
    public static final String MAX_WAIT_POSITIVE = "the longest wait must be positive";

    private ClientMessages() {
    }

    public static String notPositive(String field, Object value) {
        return field + " must be positive, was " + value;
    }

    public static String baseUriNotHttp(Object uri) {
        return "the base URI must be absolute http or https, was " + uri;
    }

    public static String blank(String field) {
        return field + " must not be blank";
    }

    /** The detail of a problem the client made up because the response carried no problem+json body. */
    public static String noProblemBody(int status, String body) {
        String shown = body == null || body.isBlank() ? "an empty body"
                : "\"" + (body.length() > 200 ? body.substring(0, 200) + "…" : body) + "\"";
        return "HTTP " + status + " with " + shown;
    }

    public static String malformedAnswer(String what, int status, String body) {
        return "the service answered " + what + " with HTTP " + status + " and a body the client cannot read: "
                + noProblemBody(status, body);
    }
}
