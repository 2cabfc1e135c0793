package io.stagedoor.ingress.http;

/** Every detail message the ingress writes into a problem body; tests assert against these. */
public final class IngressMessages {

    public static final String INTERNAL = "The service failed to handle this request; it has been logged.";
    public static final String BODY_MISSING = "The request needs a JSON body.";
    public static final String MISSING_TOKEN = "An 'Authorization: Bearer <token>' header is required.";
    public static final String FORGED_TOKEN = "The bearer token is not valid: its signature, issuer or expiry does not check out.";
    public static final String BAD_API_KEY = "An 'X-Api-Key' header with a valid scanner key is required.";
    public static final String MISSING_ADMIN_KEY = "An 'X-Admin-Key' header with the operator key is required.";
    public static final String RESULT_NOT_FOUND = "No result with this id exists for the caller.";
    public static final String PUBLISH_FAILED = "The request could not be recorded; nothing was accepted. Retry after the indicated time.";

    private IngressMessages() {
    }

    /** Why an ingress listening on {@code address} will not start on the development secrets named. */
    public static String developmentSecretsBeyondLoopback(String address, java.util.List<String> settings) {
        return "The ingress listens on " + address + ", beyond loopback, so it will not start on the development "
                + String.join(" or ", settings) + " (printed in README; an admin key needs at least 16 bytes). "
                + "Make a secret with `head -c 48 /dev/urandom | base64 > token-secret` and give it as "
                + String.join(", ", settings.stream().map(s -> s + "-file").toList())
                + " (a file readable by this process alone) or as the environment variable "
                + String.join(", ", settings.stream()
                        .map(s -> "STAGEDOOR_" + s.toUpperCase(java.util.Locale.ROOT).replace('.', '_').replace('-', '_'))
                        .toList())
                + "; every instance shares them.";
    }

    public static String framework(int status) {
        return switch (status) {
            case 404 -> "No route matches this path.";
            case 405 -> "This method is not allowed on this path.";
            case 406 -> "This route answers application/json only.";
            case 415 -> "The request body must be sent as application/json.";
            default -> "The request could not be handled (HTTP " + status + ").";
        };
    }

    public static final String BAD_CREDENTIALS = "The email or the password is wrong.";

    public static String badEmail() {
        return "The field 'email' must be an email address.";
    }

    public static String badPassword() {
        return "The field 'password' must be 1 to 1024 characters.";
    }

    public static String badIdempotencyKey() {
        return "'Idempotency-Key' must be 1 to 255 visible ASCII characters.";
    }

    public static String idempotencyStoreUnavailable() {
        return "Whether this Idempotency-Key was already used cannot be checked right now; nothing was accepted."
                + " Retry after the indicated time with the same key.";
    }

    public static String requestGone(String window) {
        return "This request was accepted more than the results window (" + window + ") ago and has been decided;"
                + " its result is no longer served. Use a new Idempotency-Key for a new request.";
    }

    public static String idempotencyKeyReused(String key) {
        return "The Idempotency-Key '" + key + "' was already used for a different request; use a new key.";
    }

    public static String unknownTicket(String ticket) {
        return "No ticket '" + ticket + "' was sold for this scanner's organizer.";
    }

    public static String alreadyScanned(String ticket) {
        return "Ticket '" + ticket + "' was already scanned; do not let it in twice.";
    }

    public static String ticketMissing() {
        return "The field 'ticket' is required.";
    }

    public static String rateLimited(String limit, long retryAfter) {
        return "The limit '" + limit + "' is spent for now; it will have what this request asks for in " + retryAfter
                + " s.";
    }

    public static String redisUserOverloaded() {
        return "This instance is too busy to hear Redis in time; retry after the indicated time.";
    }

    public static String limiterOverloaded() {
        return "This instance is too busy to check the rate limits in time; retry after the indicated time.";
    }

    public static String doorFull(int limit) {
        return "This instance already serves " + limit + " requests; retry after the indicated time.";
    }

    public static String principalInFlight(int limit) {
        return "This caller already has " + limit + " requests in flight here; finish one, then retry after the"
                + " indicated time.";
    }

    public static String addressInFlight(int limit) {
        return "This address already has " + limit + " requests in flight here; finish one, then retry after the"
                + " indicated time.";
    }

    public static String bodyTooSlow(long deadlineMillis) {
        return "The request body did not arrive within " + deadlineMillis + " ms of its headers; send it at once.";
    }

    public static String checkoutsFull(int limit) {
        return "This instance already runs " + limit + " checkouts; retry after the indicated time.";
    }

    public static String passwordHashesFull(int limit) {
        return "This instance already checks " + limit + " passwords at once; retry after the indicated time.";
    }

    public static String unknownHold(String holdId) {
        return "No live hold with id '" + holdId + "' exists; it may have expired or been sold.";
    }

    public static String paymentTokenMissing() {
        return "The field 'paymentToken' is required.";
    }

    public static String badAcceptHeader(String given) {
        return "The Accept header '" + given + "' cannot be parsed; send a media type such as application/json.";
    }

    public static String unparseable(int status, String reason) {
        return "The request could not be read (HTTP " + status + (reason == null ? "" : ", " + reason)
                + "): check the path's encoding and the request line.";
    }

    public static String bodyTooLarge(int limit) {
        return "The request body is larger than " + limit + " bytes.";
    }

    public static String malformedJson(String reason) {
        return "The body is not valid JSON for this route: " + reason;
    }

    public static String missingField(String field) {
        return "The field '" + field + "' is required.";
    }

    public static String unknownEvent(String eventId) {
        return "No event with id '" + eventId + "' exists.";
    }

    public static String unknownSeats(java.util.Collection<String> seats) {
        return "These seats are not on the event's seat map: " + String.join(", ", seats) + ".";
    }

    public static String tooManySeats(int asked, int allowed) {
        return "A hold may take at most " + allowed + " seats; " + asked + " were asked for.";
    }

    public static String noSeats() {
        return "A hold needs at least one seat in 'seats'.";
    }

    public static String duplicateSeats() {
        return "The same seat appears twice in 'seats'.";
    }

    public static String resultGone(String window) {
        return "This result is older than the results window (" + window + "); the audit still has it.";
    }

    public static String eventIdMismatch(String path, String body) {
        return "The body's eventId '" + body + "' differs from the path's '" + path + "'.";
    }

    public static String invalidEvent(String reason) {
        return "The event definition is invalid: " + reason;
    }

    public static String preferWait(String value) {
        return "'Prefer: wait=" + value + "' must be a whole number of seconds from 0 to 30.";
    }

    public static String neverWithinLimit(long cost, String limit, long capacity) {
        return "This request needs " + cost + " tokens of the limit '" + limit + "', which never holds more than "
                + capacity + "; ask for fewer.";
    }

    /** A listener that could not bind, with the settings that choose its port and address. */
    public static String listenerUnavailable(String listener, String address, String portSetting,
                                             String addressSetting, String reason) {
        return "the " + listener + " listener cannot listen on " + address + " (" + reason + "): another process, "
                + "perhaps another stagedoor, may hold the port; choose a free one with " + portSetting
                + ", or another address with " + addressSetting;
    }

    // Messages of exceptions thrown inside the ingress (settings, wiring, impossible states), not of problem bodies.

    /** A JDK algorithm every JDK has is missing all the same. */
    public static String algorithmInEveryJdk(String algorithm) {
        return algorithm + " is part of every JDK";
    }

    public static String tokenSecretTooShort() {
        return "tokenSecret must have at least 32 bytes";
    }

    public static String adminKeyBlank() {
        return "adminKey must not be blank";
    }

    public static String tokenMaxLifetimeUnderAMinute(java.time.Duration tokenMaxLifetime) {
        return "tokenMaxLifetime must be at least a minute, was " + tokenMaxLifetime;
    }

    /** A count setting named {@code name} below 1. */
    public static String belowOne(String name, int value) {
        return name + " must be at least 1, was " + value;
    }

    public static String keepAliveIdleTimeoutNotWholeSeconds(java.time.Duration idleTimeout) {
        return "keepAliveIdleTimeout must be whole seconds, at least 1 s, was " + idleTimeout;
    }

    public static String maxConnectionAgeUnderASecond(java.time.Duration maxAge) {
        return "maxConnectionAge must be at least 1 s, was " + maxAge;
    }

    public static String adminPortIsPort(int port) {
        return "adminPort must differ from port, both were " + port;
    }

    public static String maxBodyBytesUnder256(int maxBodyBytes) {
        return "maxBodyBytes must be at least 256, was " + maxBodyBytes;
    }

    public static String unknownRateLimitDraft(String given) {
        return "ingress.ratelimit-fields must be draft-10 or draft-09, was " + given;
    }

    public static String badKeepAliveRequests(int keepAliveRequests) {
        return "keepAliveRequests must be -1 (no limit) or at least 1, was " + keepAliveRequests;
    }

    public static String bodyDeadlineUnder100Millis(java.time.Duration bodyDeadline) {
        return "bodyDeadline must be at least 100 ms, was " + bodyDeadline;
    }

    /** A port setting named {@code name} outside 0..65535. */
    public static String portOutOfRange(String name, int value) {
        return name + " must be 0..65535, was " + value;
    }

    public static String deliveryTimeoutUnder200Millis(java.time.Duration deliveryTimeout) {
        return "deliveryTimeout must be at least 200 ms, was " + deliveryTimeout;
    }

    public static String tokenSecretNeeds32Bytes() {
        return "the token secret needs at least 32 bytes";
    }

    public static String tokenLivesTooLong(java.time.Duration maxLifetime, java.time.Duration lifetime) {
        return "a token may live at most " + maxLifetime + ", not " + lifetime;
    }

    public static String cannotSignBuyerToken() {
        return "cannot sign a buyer token";
    }

    public static String notAnAddressRange(String cidr) {
        return "not an IP address range: " + cidr;
    }

    public static String badPrefixLength(String cidr) {
        return "bad prefix length in " + cidr;
    }

    public static String checkoutPermitMissing() {
        return "the checkout bound took no permit for this request";
    }

    public static String topicMissing(String topic) {
        return "topic " + topic + " does not exist; create the topics first";
    }

    public static String cannotRenderJson(Class<?> type) {
        return "cannot render " + type.getSimpleName() + " as JSON";
    }

    public static String waitingPollsPerPrincipalBelowOne(int perPrincipal) {
        return "a principal needs at least 1 waiting poll, was " + perPrincipal;
    }

    public static String tooManyWaitingPolls(int max) {
        return "already " + max + " polls waiting";
    }

    public static String interruptedWhileDeciding() {
        return "interrupted while deciding";
    }

    public static String limiterDidNotDecide(Exception failure) {
        return "the limiter did not decide: " + failure;
    }

    public static String addressRingDecidesLogins() {
        return "the address ring decides logins";
    }

    public static String cannotReadListFile(String what, java.nio.file.Path file) {
        return "cannot read " + what + " from " + file;
    }

    public static String cannotWriteListFile(String what, java.nio.file.Path file) {
        return "cannot write " + what + " to " + file;
    }

    /** The OpenAPI document the admin listener serves is not in the jar (a build that left out the resources). */
    public static String apiDocumentMissing(String resource) {
        return resource + " is missing from the classpath";
    }
}
