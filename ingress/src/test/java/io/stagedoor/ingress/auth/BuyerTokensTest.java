package io.stagedoor.ingress.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.FakeClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
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
}
