package io.stagedoor.ingress;

import io.stagedoor.ingress.http.IngressMessages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Who may call: the secrets, the credentials' files and the cost of a password hash. Defaults are in
 * {@link IngressSettings.Builder}; {@link #toString} names no secret.
 *
 * @param tokenSecret        HMAC secret of buyer tokens and correlation ids, ≥ 32 bytes (default: the development
 *                           secret)
 * @param tokenIssuer        the issuer every buyer token must name (default "stagedoor")
 * @param tokenMaxLifetime   the longest a buyer token may live from its {@code iat} to its {@code exp}; a longer one
 *                           is refused (default 24 hours)
 * @param adminKey           the operator key for admin routes (default "dev-admin-key")
 * @param accountsFile       the buyer accounts (JSON), or null for none (default null)
 * @param apiKeysFile        the scanner API keys (JSON, hashes only), or null for none (default null)
 * @param passwordMemoryKib  Argon2id memory cost (default 19 MiB, about 100 ms here with 2 passes)
 * @param passwordIterations Argon2id passes (default 2)
 */
public record AuthSettings(String tokenSecret, String tokenIssuer, Duration tokenMaxLifetime, String adminKey,
                           Path accountsFile, Path apiKeysFile, int passwordMemoryKib, int passwordIterations) {

    public AuthSettings {
        if (tokenSecret == null || tokenSecret.getBytes(StandardCharsets.UTF_8).length < 32) {
            throw new IllegalArgumentException(IngressMessages.tokenSecretTooShort());
        }
        if (adminKey == null || adminKey.isBlank()) {
            throw new IllegalArgumentException(IngressMessages.adminKeyBlank());
        }
        if (tokenMaxLifetime.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new IllegalArgumentException(IngressMessages.tokenMaxLifetimeUnderAMinute(tokenMaxLifetime));
        }
    }

    public byte[] secretBytes() {
        return tokenSecret.getBytes(StandardCharsets.UTF_8);
    }

    /** The issuer and the files, never the secret nor the admin key (these settings reach logs and errors). */
    @Override
    public String toString() {
        return "AuthSettings[issuer " + tokenIssuer + ", accounts " + accountsFile + ", API keys " + apiKeysFile + "]";
    }
}
