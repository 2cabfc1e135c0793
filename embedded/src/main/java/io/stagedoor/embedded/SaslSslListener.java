package io.stagedoor.embedded;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * A SASL_SSL listener the embedded broker opens beside its PLAINTEXT one, as a managed cluster offers: TLS with
 * the broker's key from a PKCS12 keystore, then SCRAM-SHA-512 (users are created through the Admin API, over
 * PLAINTEXT) or PLAIN (users listed here). Inter-broker and controller traffic stay PLAINTEXT.
 *
 * @param keystore         the broker's PKCS12 keystore (its certificate must name 127.0.0.1)
 * @param keystorePassword the keystore's and the key's password
 * @param plainUsers       PLAIN users and their passwords (empty: no PLAIN mechanism)
 */
public record SaslSslListener(Path keystore, String keystorePassword, Map<String, String> plainUsers) {

    /** The listener's name, and its security protocol. */
    public static final String NAME = "SASL_SSL";

    public SaslSslListener {
        Objects.requireNonNull(keystore, "keystore");
        Objects.requireNonNull(keystorePassword, "keystorePassword");
        plainUsers = Map.copyOf(plainUsers);
    }
}
