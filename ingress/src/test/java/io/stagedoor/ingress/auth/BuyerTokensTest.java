package io.stagedoor.ingress.auth;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.stagedoor.testsupport.FakeClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.junit.jupiter.api.Test;

class BuyerTokensTest {

    private static final byte[] SECRET = "a-test-secret-of-at-least-32-bytes!!".getBytes(StandardCharsets.UTF_8);

    private final FakeClock clock = new FakeClock(Instant.parse("2026-11-30T19:00:00Z"));
    private final BuyerTokens tokens = new BuyerTokens(SECRET, "stagedoor", clock);

    @Test
    void aTokenProvesItsBuyerOnEveryUse() {
        String token = tokens.issue("8812", Duration.ofMinutes(10));

        assertThat(tokens.verify(token)).contains("8812");
        assertThat(tokens.verify(token)).contains("8812");
    }

    @Test
    void aRememberedTokenStillExpires() {
        String token = tokens.issue("8812", Duration.ofMinutes(10));
        assertThat(tokens.verify(token)).contains("8812");

        clock.advance(Duration.ofMinutes(10).plus(BuyerTokens.LEEWAY));

        assertThat(tokens.verify(token)).isEmpty();
    }

    @Test
    void aForgedSignatureIsRefusedAlthoughTheGenuineTokenWasRemembered() {
        String token = tokens.issue("8812", Duration.ofMinutes(10));
        assertThat(tokens.verify(token)).contains("8812");
        char last = token.charAt(token.length() - 1);
        String forged = token.substring(0, token.length() - 1) + (last == 'A' ? 'B' : 'A');

        assertThat(tokens.verify(forged)).isEmpty();
        assertThat(tokens.verify(forged)).isEmpty();
    }

    @Test
    void aTokenOfAnotherIssuerOrSecretIsRefused() {
        BuyerTokens elsewhere = new BuyerTokens(SECRET, "elsewhere", clock);
        BuyerTokens otherSecret = new BuyerTokens("another-secret-of-at-least-32-bytes!".getBytes(StandardCharsets.UTF_8),
                "stagedoor", clock);

        assertThat(tokens.verify(elsewhere.issue("8812", Duration.ofMinutes(10)))).isEmpty();
        assertThat(tokens.verify(otherSecret.issue("8812", Duration.ofMinutes(10)))).isEmpty();
        assertThat(tokens.verify("not-a-token")).isEmpty();
    }

    @Test
    void aTokenSignedWithTheSecretButLivingLongerThanTheMaximumIsRefused() throws JOSEException {
        Instant now = clock.instant();
        String yearLong = signed(claims(now).expirationTime(Date.from(now.plus(Duration.ofDays(365)))));
        String dayLong = signed(claims(now).expirationTime(Date.from(now.plus(BuyerTokens.DEFAULT_MAX_LIFETIME))));

        assertThat(tokens.verify(yearLong)).isEmpty();
        assertThat(tokens.verify(dayLong)).contains("8812");
    }

    @Test
    void aTokenWithoutAnIssueTimeOrIssuedInTheFutureIsRefused() throws JOSEException {
        Instant now = clock.instant();
        Date soon = Date.from(now.plus(Duration.ofMinutes(10)));
        String undated = signed(new JWTClaimsSet.Builder().subject("8812").issuer("stagedoor").expirationTime(soon));
        // issued "tomorrow" so that its lifetime window, counted from iat, covers the whole of next day
        Instant tomorrow = now.plus(Duration.ofDays(1));
        String fromTheFuture = signed(new JWTClaimsSet.Builder().subject("8812").issuer("stagedoor")
                .issueTime(Date.from(tomorrow)).expirationTime(Date.from(tomorrow.plus(Duration.ofHours(1)))));

        assertThat(tokens.verify(undated)).isEmpty();
        assertThat(tokens.verify(fromTheFuture)).isEmpty();
    }

    @Test
    void aTokenIsRefusedBeforeItsNotBeforeTimeAndAcceptedFromIt() throws JOSEException {
        Instant now = clock.instant();
        String later = signed(claims(now).notBeforeTime(Date.from(now.plus(Duration.ofMinutes(5))))
                .expirationTime(Date.from(now.plus(Duration.ofHours(1)))));

        assertThat(tokens.verify(later)).isEmpty();
        clock.advance(Duration.ofMinutes(5));
        assertThat(tokens.verify(later)).contains("8812");
    }

    @Test
    void theIssuerWillNotMintATokenLongerThanTheMaximum() {
        BuyerTokens hourly = new BuyerTokens(SECRET, "stagedoor", Duration.ofHours(1), clock);

        assertThatThrownBy(() -> hourly.issue("8812", Duration.ofHours(2))).isInstanceOf(IllegalArgumentException.class);
        assertThat(hourly.verify(tokens.issue("8812", Duration.ofHours(2)))).isEmpty();
    }

    private static JWTClaimsSet.Builder claims(Instant issued) {
        return new JWTClaimsSet.Builder().subject("8812").issuer("stagedoor").issueTime(Date.from(issued));
    }

    private static String signed(JWTClaimsSet.Builder claims) throws JOSEException {
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims.build());
        jwt.sign(new MACSigner(SECRET));
        return jwt.serialize();
    }
}
