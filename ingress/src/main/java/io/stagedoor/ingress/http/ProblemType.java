package io.stagedoor.ingress.http;

import java.net.URI;

/**
 * The reasons a request can be refused, each with its RFC 9457 {@code type} URI, title and HTTP status.
 * Clients branch on the type, never on the detail text.
 */
public enum ProblemType {
    BAD_REQUEST("bad-request", "The request is malformed", 400),
    UNAUTHENTICATED("unauthenticated", "Credentials are missing, forged or expired", 401),
    FORBIDDEN("forbidden", "The caller may not do this", 403),
    WAITING_ROOM("waiting-room", "A waiting-room pass for this event is required", 403),
    WAITING_ROOM_CLOSED("waiting-room-closed", "The event's waiting room is closed", 403),
    WAITING_ROOM_NOT_OPEN("waiting-room-not-open", "The event's waiting room does not take buyers yet", 403),
    PUZZLE_REFUSED("puzzle-refused", "The join puzzle's solution is not good for this join", 403),
    PRESALE_CODE_REFUSED("presale-code-refused", "The presale access code is not good for this join", 403),
    PRESALE_CLOSED("presale-closed", "The presale does not take this now", 403),
    NOT_FOUND("not-found", "No such resource", 404),
    METHOD_NOT_ALLOWED("method-not-allowed", "The method is not allowed on this resource", 405),
    NOT_ACCEPTABLE("not-acceptable", "The requested media type is not available", 406),
    REQUEST_TIMEOUT("request-timeout", "The request body did not arrive in time", 408),
    ALREADY_SCANNED("already-scanned", "The ticket has already been scanned", 409),
    GONE("gone", "The result is older than the results window", 410),
    PAYLOAD_TOO_LARGE("payload-too-large", "The request body is too large", 413),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", "The request body must be application/json", 415),
    UNPROCESSABLE("unprocessable", "The request is well-formed but cannot be processed", 422),
    PUZZLE_REQUIRED("puzzle-required", "Joining this waiting room needs the solution of a join puzzle", 428),
    PRESALE_CODE_REQUIRED("presale-code-required", "Joining this waiting room during its presale needs an access code",
            428),
    RATE_LIMITED("rate-limited", "Too many requests for this limit", 429),
    TOO_MANY_IN_FLIGHT("too-many-in-flight", "Too many requests of this caller are in flight at once", 429),
    INTERNAL("internal-error", "Something failed inside the service", 500),
    SERVICE_OVERLOADED("service-overloaded", "The service is at capacity", 503),
    SERVICE_UNAVAILABLE("service-unavailable", "A part of the service is unavailable", 503);

    /** The base of every problem type URI. */
    public static final String BASE = "https://stagedoor.io/problems/";

    private final String slug;
    private final String title;
    private final int status;
    /** Parsed once: every refusal names its type, and parsing a URI per answer showed in the profile. */
    private final URI uri;

    ProblemType(String slug, String title, int status) {
        this.slug = slug;
        this.title = title;
        this.status = status;
        this.uri = URI.create(BASE + slug);
    }

    public URI uri() {
        return uri;
    }

    public String slug() {
        return slug;
    }

    public String title() {
        return title;
    }

    public int status() {
        return status;
    }

    /** The type that best describes a bare HTTP status (for errors raised by Jersey itself). */
    public static ProblemType forStatus(int status) {
        for (ProblemType type : values()) {
            if (type.status == status) {
                return type;
            }
        }
        return status >= 500 ? INTERNAL : BAD_REQUEST;
    }
}
