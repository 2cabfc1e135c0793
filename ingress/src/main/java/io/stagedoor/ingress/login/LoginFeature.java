package io.stagedoor.ingress.login;

import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.ingress.http.JsonBody;
import io.stagedoor.ingress.metrics.IngressMetrics;
import io.stagedoor.ingress.rings.Decisions;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The login route as one thing to register: {@link LoginResource} with its Argon2id hasher, the bound on hashes
 * computed at once (past it login is 503) and the platform threads that compute them. Close it after the server
 * stops: closing stops the hash threads.
 */
public final class LoginFeature implements Feature, AutoCloseable {

    private final PasswordHasher hasher;
    private final ConcurrencyBound hashes;
    private final ExecutorService hashThreads;
    private final LoginResource resource;

    /**
     * @param memoryKib    Argon2id memory cost
     * @param iterations   Argon2id passes
     * @param maxHashes    password hashes computed at once
     * @param limits       whose login limits keyed on the account are charged before the hash
     */
    public LoginFeature(Accounts accounts, int memoryKib, int iterations, int maxHashes, BuyerTokens tokens,
                        Decisions decisions, Supplier<Limits> limits, JsonBody body, IngressMetrics metrics) {
        this.hasher = new PasswordHasher(memoryKib, iterations);
        this.hashes = new ConcurrencyBound("password-hashes", maxHashes);
        this.hashThreads = Executors.newFixedThreadPool(maxHashes,
                Thread.ofPlatform().daemon().name("password-hash-", 0).factory());
        this.resource = new LoginResource(accounts, hasher, hashes, hashThreads, tokens, decisions, limits, body);
        metrics.gauge(IngressMetrics.PASSWORD_HASHES, hasher::invocations);
    }

    @Override
    public boolean configure(FeatureContext context) {
        context.register(resource);
        return true;
    }

    /** The password hasher of the login route (for tests). */
    public PasswordHasher hasher() {
        return hasher;
    }

    /** The bound on password hashes computed at once (for metrics and tests). */
    public ConcurrencyBound hashes() {
        return hashes;
    }

    @Override
    public void close() {
        hashThreads.shutdownNow();
    }
}
