package io.stagedoor.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.ApiKeys;
import io.stagedoor.ingress.login.Accounts;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo accounts and scanner key, whose password and key README publishes, exist on loopback alone. */
class DemoAccountsTest {

    private static final String PRODUCTION_SECRET = "a-token-secret-nobody-has-published-anywhere";
    private static final String PRODUCTION_ADMIN_KEY = "an-operator-key-of-the-night";

    @Test
    void anIngressBeyondLoopbackGetsNoDemoAccountNorScannerKey(@TempDir Path dir) {
        IngressSettings exposed = settings(dir).bindAddress("0.0.0.0").build();

        assertThat(DemoAccounts.ensureOnLoopback(exposed)).isFalse();

        assertThat(Accounts.load(exposed.auth().accountsFile()).find("ada@stagedoor.test")).isEmpty();
        assertThat(ApiKeys.load(exposed.auth().apiKeysFile()).verify(DemoAccounts.GATE_KEY)).isEmpty();
    }

    @Test
    void anAdminListenerBeyondLoopbackIsBeyondLoopbackToo(@TempDir Path dir) {
        IngressSettings exposed = settings(dir).adminBindAddress("0.0.0.0").build();

        assertThat(DemoAccounts.ensureOnLoopback(exposed)).isFalse();

        assertThat(Accounts.load(exposed.auth().accountsFile()).find("grace@stagedoor.test")).isEmpty();
    }

    @Test
    void anIngressOnLoopbackGetsTheDemoAccountsAndScannerKey(@TempDir Path dir) {
        IngressSettings local = settings(dir).build();

        assertThat(DemoAccounts.ensureOnLoopback(local)).isTrue();

        assertThat(Accounts.load(local.auth().accountsFile()).find("ada@stagedoor.test")).isPresent();
        assertThat(ApiKeys.load(local.auth().apiKeysFile()).verify(DemoAccounts.GATE_KEY)).isPresent();
    }

    private static IngressSettings.Builder settings(Path dir) {
        return IngressSettings.builder("127.0.0.1:9092").tokenSecret(PRODUCTION_SECRET).adminKey(PRODUCTION_ADMIN_KEY)
                .accountsFile(dir.resolve("accounts.json")).apiKeysFile(dir.resolve("api-keys.json"));
    }
}
