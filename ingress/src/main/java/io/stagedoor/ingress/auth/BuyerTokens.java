package io.stagedoor.ingress.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.stagedoor.ingress.http.IngressMessages;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;

/**
 * Issues and verifies buyer bearer tokens: HS256 JWTs whose subject is the buyer id. Verification is local
 * (no round trip): signature, issuer, issue time, not-before and expiry, with no clock leeway beyond
 * {@link #LEEWAY}. A token must say when it was issued, not in the future, and live no longer than the maximum
 * lifetime from then: a leaked or forged-in-advance token stops working within that bound. Thread-safe.
 *
 * <p>A token whose signature and issuer were proven is remembered (at most {@link #REMEMBERED} of them, each until
 * {@link #IDLE} without use): the same characters always prove the same buyer, so the next request with it skips
 * parsing and the HMAC (a refused hold's largest cost after the audit) and only its expiry is checked again.
 */
public final class BuyerTokens {

    /** Tolerated clock difference between the issuer and this instance. */
    public static final Duration LEEWAY = Duration.ofSeconds(5);
    /**
     * Proven tokens remembered at most: enough for the clients retrying right now (the cache keeps the tokens used
     * often), few enough that one-off tokens churning through it stay cheap for the garbage collector.
     */
    public static final int REMEMBERED = 20_000;
    /** A remembered token unused this long is forgotten. */
    public static final Duration IDLE = Duration.ofMinutes(10);
    /** The longest lifetime accepted unless the ingress is told otherwise ({@code ingress.token-max-lifetime}). */
    public static final Duration DEFAULT_MAX_LIFETIME = Duration.ofHours(24);

    /** What a proven token says: whose it is, from when and until when. */
    private record Proven(String buyerId, Instant notBefore, Instant expiry) {
    }

    private final MACSigner signer;
    private final MACVerifier verifier;
    private final String issuer;
    private final Duration maxLifetime;
    private final Clock clock;
    private final Cache<String, Proven> proven = Caffeine.newBuilder().maximumSize(REMEMBERED).expireAfterAccess(IDLE)
            .build();

    /**
     * @param secret at least 32 bytes, shared by every ingress instance and the login route
     * @param issuer the {@code iss} every token must carry
     */
    public BuyerTokens(byte[] secret, String issuer, Clock clock) {
        this(secret, issuer, DEFAULT_MAX_LIFETIME, clock);
    }

    /**
     * @param secret      at least 32 bytes, shared by every ingress instance and the login route
     * @param issuer      the {@code iss} every token must carry
     * @param maxLifetime the longest {@code exp - iat} accepted
     */
    public BuyerTokens(byte[] secret, String issuer, Duration maxLifetime, Clock clock) {
        try {
            this.signer = new MACSigner(secret);
            this.verifier = new MACVerifier(secret);
        } catch (JOSEException e) {
            throw new IllegalArgumentException(IngressMessages.tokenSecretNeeds32Bytes(), e);
        }
        this.issuer = issuer;
        this.maxLifetime = maxLifetime;
        this.clock = clock;
    }

    /** A token for {@code buyerId}, valid for {@code lifetime}, at most the maximum lifetime. */
    public String issue(String buyerId, Duration lifetime) {
        if (lifetime.compareTo(maxLifetime) > 0) {
            throw new IllegalArgumentException(IngressMessages.tokenLivesTooLong(maxLifetime, lifetime));
        }
        Instant now = clock.instant();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .subject(buyerId)
                .issuer(issuer)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(lifetime)))
                .build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException(IngressMessages.cannotSignBuyerToken(), e);
        }
        return jwt.serialize();
    }

    /**
     * The buyer a token proves, or empty when it is malformed, forged, from another issuer, issued in the future,
     * not yet valid, longer-lived than allowed or expired.
     */
    public Optional<String> verify(String token) {
        Proven known = proven.getIfPresent(token);
        if (known == null) {
            known = prove(token);
            if (known == null) {
                return Optional.empty();
            }
            proven.put(token, known);
        }
        Instant now = clock.instant();
        boolean current = known.expiry().plus(LEEWAY).isAfter(now) && !known.notBefore().minus(LEEWAY).isAfter(now);
        return current ? Optional.of(known.buyerId()) : Optional.empty();
    }

    /** Signature, algorithm, issuer, subject and lifetime of {@code token}, or null when any is wrong. */
    private Proven prove(String token) {
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
                return null;
            }
            JWTClaimsSet claims = jwt.getJWTClaimsSet();
            Date expiry = claims.getExpirationTime();
            Date issued = claims.getIssueTime();
            String subject = claims.getSubject();
            boolean ours = issuer.equals(claims.getIssuer());
            if (expiry == null || issued == null || !ours || subject == null || subject.isBlank()
                    || issued.toInstant().minus(LEEWAY).isAfter(clock.instant())
                    || Duration.between(issued.toInstant(), expiry.toInstant()).compareTo(maxLifetime) > 0) {
                return null;
            }
            Date notBefore = claims.getNotBeforeTime();
            return new Proven(subject, notBefore == null ? issued.toInstant() : notBefore.toInstant(), expiry.toInstant());
        } catch (ParseException | JOSEException | RuntimeException e) {
            return null;
        }
    }
}
