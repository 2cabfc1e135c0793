package io.stagedoor.ingress.login;

import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.bound.Permit;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitKey;
import io.stagedoor.admission.limit.LimitSubject;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.ingress.auth.AddressKeys;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.rings.AddressLimitRing;
import io.stagedoor.ingress.rings.Decisions;
import io.stagedoor.ingress.rings.Limited;
import io.stagedoor.admission.limit.LimitedRoute;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * {@code POST /v1/login}: email and password for a buyer token. Two limits run before the password hash: the
 * address ring (10 per minute per source address, protecting the CPU) and, here, 20 per hour per account and client
 * network ({@link #accountKey}: the email with the client's IPv4 /24 or IPv6 /48), counting failed attempts only:
 * the token is taken before the hash and given back when the password is right. The account's bucket is one per
 * network, so a stranger guessing from elsewhere spends their own network's tokens for the account, never the
 * owner's, and cannot lock the owner out of a clean address; a flood from one network is still cut at 20 an hour,
 * across instances. Only then is the
 * Argon2id hash computed; an unknown email costs a hash too, so timing does not reveal which emails exist.
 * At most {@code hashes.limit()} hashes run at once on this instance: a login past that bound is answered 503 with
 * {@code Retry-After: 1} at once, without waiting for a slot. The bound is taken before the account limit, so a
 * login shed for capacity spends none of its account's tokens. Hashes run on platform threads of their own, one per
 * slot: Argon2 never yields, so on the request's virtual thread it would hold a carrier for its whole 100 ms, and
 * as many hashes as carriers would stall every other request of the instance.
 */
@Path("/v1/login")
public final class LoginResource {

    /** The Retry-After of a login shed because every hash slot is taken: a hash lasts about 100 ms. */
    public static final int RETRY_AFTER_SECONDS = 1;

    /** How long a token from login is valid. */
    public static final Duration TOKEN_LIFETIME = Duration.ofHours(1);

    private final Accounts accounts;
    private final PasswordHasher hasher;
    private final ConcurrencyBound hashes;
    private final Executor hashThreads;
    private final BuyerTokens tokens;
    private final Decisions decisions;
    private final Supplier<Limits> limits;
    private final JsonBody body;
    private final String decoyHash;

    /** @param hashThreads where hashes run: platform threads, as many as {@code hashes} has permits */
    public LoginResource(Accounts accounts, PasswordHasher hasher, ConcurrencyBound hashes, Executor hashThreads,
                         BuyerTokens tokens, Decisions decisions, Supplier<Limits> limits, JsonBody body) {
        this.accounts = accounts;
        this.hasher = hasher;
        this.hashes = hashes;
        this.hashThreads = hashThreads;
        this.tokens = tokens;
        this.decisions = decisions;
        this.limits = limits;
        this.body = body;
        this.decoyHash = hasher.hash("a password nobody has");
    }

    /** A token answer. */
    public record TokenBody(String token, String buyerId, long expiresIn) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Limited(LimitedRoute.LOGIN)
    public Response login(InputStream json, @Context ContainerRequestContext request) {
        LoginBody login = body.read(json, LoginBody.class);
        if (login.email() == null || !EmailAddresses.plausible(login.email())) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.badEmail());
        }
        if (login.password() == null || login.password().isEmpty() || login.password().length() > 1024) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.badPassword());
        }
        String email = EmailAddresses.canonical(login.email());
        Permit hash = hashes.tryAcquire().orElseThrow(this::overloaded);
        try {
            List<LimitCheck> checks = limits.get().checks(LimitedRoute.LOGIN, LimitSubject.of(LimitKey.ACCOUNT,
                    accountKey(email, AddressKeys.networkKey(clientAddress(request)))));
            Decision decision = checks.isEmpty() ? null : decisions.decide(checks, LimitedRoute.LOGIN);
            if (decision != null && !decision.admitted()) {
                throw decisions.refusal(decision);
            }
            Response token = verified(accounts.find(email).orElse(null), login.password());
            // Only failed attempts count against the account: the token was taken before the hash, so that a locked
            // network costs no hash, and a right password gives it back.
            if (decision != null) {
                decisions.giveBack(decision);
            }
            return token;
        } finally {
            hash.release();
        }
    }

    /** The subject of the per-account limit: the canonical email and the client's network, one bucket per pair. */
    public static String accountKey(String canonicalEmail, String network) {
        return canonicalEmail + '|' + network;
    }

    /** The client address the address ring resolved through the trusted proxies (it runs first on this route). */
    private static String clientAddress(ContainerRequestContext request) {
        Object address = request.getProperty(AddressLimitRing.CLIENT_ADDRESS);
        // Never absent behind the address ring; without it every network shares the email's one bucket.
        return address instanceof String known ? known : "unknown";
    }

    private Response verified(Accounts.Account account, String password) {
        String hash = account == null ? decoyHash : account.passwordHash();
        // join parks the request's virtual thread; only the hash thread's core works
        boolean valid = CompletableFuture.supplyAsync(() -> hasher.verify(password, hash), hashThreads).join();
        if (account == null || !valid) {
            throw new ProblemException(Problem.of(ProblemType.UNAUTHENTICATED, IngressMessages.BAD_CREDENTIALS),
                    Map.of(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"stagedoor\""));
        }
        return Response.ok(new TokenBody(tokens.issue(account.buyerId(), TOKEN_LIFETIME), account.buyerId(),
                TOKEN_LIFETIME.toSeconds())).build();
    }

    private ProblemException overloaded() {
        return new ProblemException(Problem.of(ProblemType.SERVICE_OVERLOADED,
                IngressMessages.passwordHashesFull(hashes.limit())).withRetryAfter(RETRY_AFTER_SECONDS));
    }
}
