package io.stagedoor.client;

import io.stagedoor.client.internal.Answers;
import io.stagedoor.client.internal.Bodies;
import io.stagedoor.client.internal.PassWait;
import io.stagedoor.client.internal.Requests;
import io.stagedoor.client.internal.ResultWait;
import io.stagedoor.client.internal.RetryLoop;
import io.stagedoor.client.internal.Routes;
import io.stagedoor.client.internal.Trace;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The Stagedoor HTTP API for Java callers: holds, checkouts, their results, login and the waiting room.
 *
 * <p>Every method returns at once with a future of an {@link Answer} value; no thread is held while the client
 * waits (retries and polls are scheduled through the {@link Sleeper}). What the client promises:
 * <ul>
 *   <li>a 429 or 503 is retried no earlier than its {@code Retry-After} says, measured from when the answer
 *       arrived, and {@link CallStats#retryAfterHonoured()} reports what the clock saw;</li>
 *   <li>no other 4xx or 5xx is retried; a request without an answer is retried after a backoff;</li>
 *   <li>every attempt of one logical POST carries the same {@code Idempotency-Key} (the caller's, else one made
 *       for the call), so a retry never holds or charges twice;</li>
 *   <li>the retry policy's attempt budget and deadline bound every call; a wait is never cut short to fit.</li>
 * </ul>
 * Immutable and thread-safe: share one per process (the token is per call, so one client serves many buyers).
 * {@link #close()} closes the HttpClient only when the builder made it.
 */
public final class StagedoorClient implements AutoCloseable {

    private final ClientSettings settings;
    private final Routes routes;
    private final RetryLoop loop;
    private final ResultWait results;
    private final PassWait waitingRoom;
    private final boolean ownsHttpClient;

    private StagedoorClient(ClientSettings settings, boolean ownsHttpClient) {
        this.settings = settings;
        this.ownsHttpClient = ownsHttpClient;
        this.routes = new Routes(settings.baseUri());
        this.loop = new RetryLoop(settings);
        this.results = new ResultWait(settings, loop, routes);
        this.waitingRoom = new PassWait(settings, loop, routes);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A client of the service at {@code baseUri} with every default. */
    public static StagedoorClient of(URI baseUri) {
        return builder().baseUri(baseUri).build();
    }

    public ClientSettings settings() {
        return settings;
    }

    /** {@code POST /v1/events/{eventId}/holds}: asks for {@code seats}, all or none. */
    public CompletableFuture<SubmitAnswer> hold(String token, String eventId, List<String> seats,
                                                RequestOptions options) {
        Objects.requireNonNull(eventId, "eventId");
        if (seats == null || seats.isEmpty()) {
            throw new IllegalArgumentException(ClientMessages.SEATS_REQUIRED);
        }
        return submit(Operation.HOLD, routes.holds(eventId), requireToken(token), new Bodies.Hold(List.copyOf(seats)),
                options);
    }

    public CompletableFuture<SubmitAnswer> hold(String token, String eventId, List<String> seats) {
        return hold(token, eventId, seats, RequestOptions.none());
    }

    /** {@code POST /v1/holds/{holdId}/checkout}: pays for a hold with {@code paymentToken}. */
    public CompletableFuture<SubmitAnswer> checkout(String token, String holdId, String paymentToken,
                                                    RequestOptions options) {
        Objects.requireNonNull(holdId, "holdId");
        Objects.requireNonNull(paymentToken, "paymentToken");
        return submit(Operation.CHECKOUT, routes.checkout(holdId), requireToken(token),
                new Bodies.Checkout(paymentToken), options);
    }

    public CompletableFuture<SubmitAnswer> checkout(String token, String holdId, String paymentToken) {
        return checkout(token, holdId, paymentToken, RequestOptions.none());
    }

    /**
     * {@code GET /v1/results/{id}} with long polls until the result arrives or {@code max} passes
     * ({@link StillPending}). The first poll goes at once: a long poll needs no pause first.
     */
    public CompletableFuture<ResultAnswer> awaitResult(String token, String correlationId, Duration max) {
        Objects.requireNonNull(correlationId, "correlationId");
        requirePositive(max);
        return results.await(requireToken(token), correlationId, max, settings.retryPolicy())
                .thenApply(answer -> finished(Operation.RESULT, answer));
    }

    /** A hold, then its result; {@code max} bounds the wait for the result, and the answer's stats cover both. */
    public CompletableFuture<ResultAnswer> holdAndAwait(String token, String eventId, List<String> seats,
                                                        RequestOptions options, Duration max) {
        requirePositive(max);
        return hold(token, eventId, seats, options).thenCompose(answer -> awaitAccepted(token, answer, max));
    }

    /** A checkout, then its result; as {@link #holdAndAwait}. */
    public CompletableFuture<ResultAnswer> checkoutAndAwait(String token, String holdId, String paymentToken,
                                                            RequestOptions options, Duration max) {
        requirePositive(max);
        return checkout(token, holdId, paymentToken, options)
                .thenCompose(answer -> awaitAccepted(token, answer, max));
    }

    /** {@code POST /v1/login}: a bearer token for the account. */
    public CompletableFuture<LoginAnswer> login(String email, String password) {
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(password, "password");
        RetryPolicy policy = settings.retryPolicy();
        Trace trace = Trace.start(settings.clock(), policy.maxElapsed());
        HttpRequest request = Requests.post(routes.login(), null, new Bodies.Login(email, password),
                null, null, policy.requestTimeout());
        return loop.run(Operation.LOGIN, sendAt -> request, policy, trace)
                .thenApply(exchange -> finished(Operation.LOGIN, Answers.loggedIn(exchange, trace)));
    }

    /** {@code POST /v1/events/{eventId}/queue}: joins the waiting room (joining twice returns the same ticket). */
    public CompletableFuture<QueueAnswer> joinQueue(String token, String eventId) {
        Objects.requireNonNull(eventId, "eventId");
        RetryPolicy policy = settings.retryPolicy();
        return waitingRoom.ask(requireToken(token), eventId, null, settings.idempotencyKeys().get(), policy,
                        Trace.start(settings.clock(), policy.maxElapsed()))
                .thenApply(answer -> finished(Operation.QUEUE_JOIN, answer));
    }

    /** {@code GET /v1/events/{eventId}/queue/{ticket}}: the ticket's place, or its pass. */
    public CompletableFuture<QueueAnswer> queueStatus(String token, String eventId, String ticket) {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(ticket, "ticket");
        RetryPolicy policy = settings.retryPolicy();
        return waitingRoom.ask(requireToken(token), eventId, ticket, null, policy,
                        Trace.start(settings.clock(), policy.maxElapsed()))
                .thenApply(answer -> finished(Operation.QUEUE_STATUS, answer));
    }

    /**
     * {@code DELETE /v1/events/{eventId}/queue}: leaves the waiting room, done shopping or giving up, so the slot goes
     * to the next buyer in line; the pass stops working. {@link WaitOver} with status {@code left}, or a
     * {@link Refusal} (404) when the buyer had no active session.
     */
    public CompletableFuture<QueueAnswer> leaveQueue(String token, String eventId) {
        Objects.requireNonNull(eventId, "eventId");
        RetryPolicy policy = settings.retryPolicy();
        Trace trace = Trace.start(settings.clock(), policy.maxElapsed());
        HttpRequest request = Requests.delete(routes.queue(eventId), requireToken(token), policy.requestTimeout());
        return loop.run(Operation.QUEUE_LEAVE, sendAt -> request, policy, trace)
                .thenApply(exchange -> finished(Operation.QUEUE_LEAVE, Answers.left(exchange, trace)));
    }

    /**
     * Joins the waiting room and asks again, after each {@code Retry-After} the room gives, until a
     * {@link PassIssued} or until {@code max} would pass (then the last {@link InQueue}).
     */
    public CompletableFuture<QueueAnswer> awaitPass(String token, String eventId, Duration max) {
        Objects.requireNonNull(eventId, "eventId");
        requirePositive(max);
        return waitingRoom.await(requireToken(token), eventId, settings.idempotencyKeys().get(), max,
                        settings.retryPolicy())
                .thenApply(answer -> finished(Operation.QUEUE_STATUS, answer));
    }

    /**
     * {@link #awaitPass}, the join carrying {@code joinHeaders}: during an event's presale the buyer's access code
     * ({@code Presale-Code}), in a room that asks for one the solution of a join puzzle ({@code Puzzle-Solution}).
     */
    public CompletableFuture<QueueAnswer> awaitPass(String token, String eventId, Duration max,
                                                    Map<String, String> joinHeaders) {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(joinHeaders, "joinHeaders");
        requirePositive(max);
        return waitingRoom.await(requireToken(token), eventId, settings.idempotencyKeys().get(), Map.copyOf(joinHeaders),
                        max, settings.retryPolicy())
                .thenApply(answer -> finished(Operation.QUEUE_STATUS, answer));
    }

    /** Closes the HttpClient if the builder made it (waiting for requests in flight); a given one is left open. */
    @Override
    public void close() {
        if (ownsHttpClient) {
            settings.httpClient().close();
        }
    }

    private CompletableFuture<SubmitAnswer> submit(Operation operation, URI uri, String token, Object body,
                                                   RequestOptions options) {
        RequestOptions given = options == null ? RequestOptions.none() : options;
        RetryPolicy policy = given.policyOr(settings.retryPolicy());
        String key = given.idempotencyKey() != null ? given.idempotencyKey() : settings.idempotencyKeys().get();
        // one request, built once: every attempt sends the same body and the same Idempotency-Key
        HttpRequest request = Requests.post(uri, token, body, key, given.waitingRoomPass(), policy.requestTimeout());
        Trace trace = Trace.start(settings.clock(), policy.maxElapsed());
        return loop.run(operation, sendAt -> request, policy, trace)
                .thenApply(exchange -> finished(operation, Answers.submitted(exchange, routes, trace)));
    }

    private CompletableFuture<ResultAnswer> awaitAccepted(String token, SubmitAnswer answer, Duration max) {
        return switch (answer) {
            case Accepted accepted -> awaitResult(token, accepted.correlationId(), max)
                    .thenApply(result -> Answers.after(accepted.stats(), result));
            case Refusal refusal -> CompletableFuture.completedFuture(refusal);
            case Unreachable unreachable -> CompletableFuture.completedFuture(unreachable);
        };
    }

    private <A extends Answer> A finished(Operation operation, A answer) {
        settings.listener().onFinished(operation, answer);
        return answer;
    }

    private static String requireToken(String token) {
        if (token == null || token.isBlank()) {
            throw new IllegalArgumentException(ClientMessages.TOKEN_REQUIRED);
        }
        return token;
    }

    private static void requirePositive(Duration max) {
        if (max == null || max.isNegative() || max.isZero()) {
            throw new IllegalArgumentException(ClientMessages.MAX_WAIT_POSITIVE);
        }
    }

    /**
     * Builds a client. Only the base URI is required. Defaults: an HTTP/1.1 {@link HttpClient} with a 5 s connect
     * timeout, the UTC system clock, {@link Sleeper#scheduled()}, {@link RetryPolicy#defaults()}, no listener,
     * random UUID idempotency keys, and {@link ThreadLocalRandom} jitter.
     */
    public static final class Builder {

        /** The connect timeout of the default HttpClient. */
        public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);

        private URI baseUri;
        private HttpClient httpClient;
        private Clock clock = Clock.systemUTC();
        private Sleeper sleeper = Sleeper.scheduled();
        private RetryPolicy retryPolicy = RetryPolicy.defaults();
        private CallListener listener = CallListener.NONE;
        private Supplier<String> idempotencyKeys = () -> UUID.randomUUID().toString();
        private DoubleSupplier jitter = () -> ThreadLocalRandom.current().nextDouble();

        private Builder() {
        }

        public Builder baseUri(URI uri) {
            this.baseUri = uri;
            return this;
        }

        public Builder baseUri(String uri) {
            return baseUri(URI.create(uri));
        }

        public Builder httpClient(HttpClient client) {
            this.httpClient = client;
            return this;
        }

        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        public Builder sleeper(Sleeper sleeper) {
            this.sleeper = sleeper;
            return this;
        }

        public Builder retryPolicy(RetryPolicy policy) {
            this.retryPolicy = policy;
            return this;
        }

        public Builder listener(CallListener listener) {
            this.listener = listener;
            return this;
        }

        public Builder idempotencyKeys(Supplier<String> keys) {
            this.idempotencyKeys = keys;
            return this;
        }

        public Builder jitter(DoubleSupplier jitter) {
            this.jitter = jitter;
            return this;
        }

        public StagedoorClient build() {
            HttpClient client = httpClient != null ? httpClient : HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(DEFAULT_CONNECT_TIMEOUT)
                    .build();
            return new StagedoorClient(new ClientSettings(baseUri, client, clock, sleeper, retryPolicy, listener,
                    idempotencyKeys, jitter), httpClient == null);
        }
    }
}
