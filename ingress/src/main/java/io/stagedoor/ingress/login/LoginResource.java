package io.stagedoor.ingress.login;

import io.stagedoor.admission.Decision;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.http.Problem;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.ingress.rings.Decisions;
import io.stagedoor.ingress.rings.Limited;
import io.stagedoor.ingress.rings.LimitedRoute;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /v1/login}: email and password for a buyer token. Two limits run before the password hash: the
 * address ring (10 per minute per source address) and, here, 20 per hour per account. Only then is the
 * Argon2id hash computed; an unknown email costs a hash too, so timing does not reveal which emails exist.
 */
@Path("/v1/login")
public final class LoginResource {

    /** How long a token from login is valid. */
    public static final Duration TOKEN_LIFETIME = Duration.ofHours(1);

    private final Accounts accounts;
    private final PasswordHasher hasher;
    private final BuyerTokens tokens;
    private final Decisions decisions;
    private final LimitPolicy accountLimit;
    private final JsonBody body;
    private final String decoyHash;

    public LoginResource(Accounts accounts, PasswordHasher hasher, BuyerTokens tokens, Decisions decisions,
                         LimitPolicy accountLimit, JsonBody body) {
        this.accounts = accounts;
        this.hasher = hasher;
        this.tokens = tokens;
        this.decisions = decisions;
        this.accountLimit = accountLimit;
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
    public Response login(InputStream json) {
        LoginBody login = body.read(json, LoginBody.class);
        if (login.email() == null || !EmailAddresses.plausible(login.email())) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.badEmail());
        }
        if (login.password() == null || login.password().isEmpty() || login.password().length() > 1024) {
            throw ProblemException.of(ProblemType.UNPROCESSABLE, IngressMessages.badPassword());
        }
        Decision decision = decisions.decide(List.of(LimitCheck.of(accountLimit, EmailAddresses.limitKey(login.email()))),
                LimitedRoute.LOGIN);
        if (!decision.admitted()) {
            throw Decisions.refusal(decision);
        }
        Accounts.Account account = accounts.find(login.email()).orElse(null);
        boolean valid = hasher.verify(login.password(), account == null ? decoyHash : account.passwordHash());
        if (account == null || !valid) {
            throw new ProblemException(Problem.of(ProblemType.UNAUTHENTICATED, IngressMessages.BAD_CREDENTIALS),
                    Map.of(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"stagedoor\""));
        }
        return Response.ok(new TokenBody(tokens.issue(account.buyerId(), TOKEN_LIFETIME), account.buyerId(),
                TOKEN_LIFETIME.toSeconds())).build();
    }
}
