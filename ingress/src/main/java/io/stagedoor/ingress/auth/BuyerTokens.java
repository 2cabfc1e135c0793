package io.stagedoor.ingress.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;

/**
 * Issues and verifies buyer bearer tokens: HS256 JWTs whose subject is the buyer id. Verification is local
 * (no round trip): signature, issuer and expiry, with no clock leeway beyond {@link #LEEWAY}. Thread-safe.
 */
public final class BuyerTokens {

    /** Tolerated clock difference between the issuer and this instance. */
    public static final Duration LEEWAY = Duration.ofSeconds(5);

    private final MACSigner signer;
    private final MACVerifier verifier;
    private final String issuer;
    private final Clock clock;

    /**
     * @param secret at least 32 bytes, shared by every ingress instance and the login route
     * @param issuer the {@code iss} every token must carry
     */
    public BuyerTokens(byte[] secret, String issuer, Clock clock) {
        try {
            this.signer = new MACSigner(secret);
            this.verifier = new MACVerifier(secret);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("the token secret needs at least 32 bytes", e);
        }
        this.issuer = issuer;
        this.clock = clock;
    }

    /** A token for {@code buyerId}, valid for {@code lifetime}. */
    public String issue(String buyerId, Duration lifetime) {
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
            throw new IllegalStateException("cannot sign a buyer token", e);
        }
        return jwt.serialize();
    }

    /** The buyer a token proves, or empty when it is malformed, forged, from another issuer or expired. */
    public Optional<String> verify(String token) {
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
                return Optional.empty();
            }
            JWTClaimsSet claims = jwt.getJWTClaimsSet();
            Date expiry = claims.getExpirationTime();
            boolean live = expiry != null && expiry.toInstant().plus(LEEWAY).isAfter(clock.instant());
            boolean ours = issuer.equals(claims.getIssuer());
            String subject = claims.getSubject();
            return live && ours && subject != null && !subject.isBlank() ? Optional.of(subject) : Optional.empty();
        } catch (ParseException | JOSEException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
