package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.login.Accounts;
import io.stagedoor.ingress.login.PasswordHasher;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The login route's rings on a real instance: limits before the hash, keyed on the right address. */
class LoginRingIT {

    private static final int COST_KIB = 1024;

    @Test
    void anEleventhLoginFromOneAddressIsRefusedWithoutHashingAndASpoofedHeaderChangesNothing() throws Exception {
        Path file = accounts();
        try (IngressFixture fixture = IngressFixture.start(b -> b.accountsFile(file).passwordCost(COST_KIB, 1))) {
            for (int i = 0; i < 10; i++) {
                HttpResponse<String> wrong = login(fixture, "ada@example.com", "wrong", "198.51.100." + i);
                assertThat(wrong.statusCode()).isEqualTo(401);
            }
            double hashes = hashes(fixture);

            HttpResponse<String> refused = login(fixture, "ada@example.com", "stagedoor", "198.51.100.99");

            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.body()).contains("\"policy\":\"login-address\"");
            assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L, 6L);
            assertThat(hashes(fixture)).isEqualTo(hashes);
        }
    }

    @Test
    void behindATrustedBalancerEachForwardedClientHasItsOwnBucket() throws Exception {
        Path file = accounts();
        try (IngressFixture fixture = IngressFixture.start(b -> b.accountsFile(file).passwordCost(COST_KIB, 1)
                .trustedProxies(List.of("127.0.0.1/32")))) {
            for (int client = 0; client < 12; client++) {
                HttpResponse<String> answer = login(fixture, "ada@example.com", "stagedoor", "198.51.100." + client);
                assertThat(answer.statusCode()).isEqualTo(200);
                assertThat(answer.body()).contains("\"token\"").contains("\"buyerId\":\"ada\"");
            }
        }
    }

    @Test
    void theAccountLimitIgnoresCase() throws Exception {
        Path file = accounts();
        try (IngressFixture fixture = IngressFixture.start(b -> b.accountsFile(file).passwordCost(COST_KIB, 1)
                .trustedProxies(List.of("127.0.0.1/32")))) {
            for (int i = 0; i < 20; i++) {
                String email = i % 2 == 0 ? " Ada@Example.COM " : "ada@example.com";
                assertThat(login(fixture, email, "wrong", "203.0.113." + i).statusCode()).isEqualTo(401);
            }
            HttpResponse<String> refused = login(fixture, "ADA@example.com", "stagedoor", "203.0.113.200");
            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.body()).contains("\"policy\":\"login-account\"");
        }
    }

    /**
     * The attacker knows Ada's address and tries 25 tagged variants of it, from 25 addresses, with Ada's real
     * password: a tag is another account (docs/decisions/0001), so no guess reaches Ada's password and none spends
     * a token of Ada's bucket; Ada then logs in at once.
     */
    @Test
    void taggedVariantsOfAnAddressNeitherDrainItsBucketNorTestItsPassword() throws Exception {
        Path file = accounts();
        try (IngressFixture fixture = IngressFixture.start(b -> b.accountsFile(file).passwordCost(COST_KIB, 1)
                .trustedProxies(List.of("127.0.0.1/32")))) {
            for (int tag = 0; tag < 25; tag++) {
                HttpResponse<String> guess = login(fixture, "Ada+" + tag + "@example.com", "stagedoor", "203.0.113." + tag);
                assertThat(guess.statusCode()).as("guess %d: %s", tag, guess.body()).isEqualTo(401);
            }

            HttpResponse<String> ada = login(fixture, "ada@example.com", "stagedoor", "203.0.113.200");

            assertThat(ada.statusCode()).as(ada.body()).isEqualTo(200);
            assertThat(ada.body()).contains("\"buyerId\":\"ada\"");
        }
    }

    @Test
    void twoIpv6AddressesOfOneSlash64ShareOneAddressBucket() throws Exception {
        Path file = accounts();
        try (IngressFixture fixture = IngressFixture.start(b -> b.accountsFile(file).passwordCost(COST_KIB, 1)
                .trustedProxies(List.of("127.0.0.1/32")))) {
            for (int i = 0; i < 10; i++) {
                HttpResponse<String> wrong = login(fixture, "ada@example.com", "wrong", "2001:db8:7:1::" + (i + 1));
                assertThat(wrong.statusCode()).isEqualTo(401);
            }

            HttpResponse<String> sameNetwork = login(fixture, "ada@example.com", "stagedoor", "2001:db8:7:1:ffff::9");
            HttpResponse<String> nextNetwork = login(fixture, "ada@example.com", "stagedoor", "2001:db8:7:2::1");

            assertThat(sameNetwork.statusCode()).isEqualTo(429);
            assertThat(sameNetwork.body()).contains("\"policy\":\"login-address\"");
            assertThat(nextNetwork.statusCode()).as(nextNetwork.body()).isEqualTo(200);
        }
    }

    private static Path accounts() throws Exception {
        Path file = Files.createTempDirectory("accounts").resolve("accounts.json");
        Accounts.load(file).put("ada@example.com", "ada", new PasswordHasher(COST_KIB, 1).hash("stagedoor"));
        return file;
    }

    private static HttpResponse<String> login(IngressFixture fixture, String email, String password, String forwardedFor)
            throws Exception {
        return fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/login"))
                .header("Content-Type", "application/json")
                .header("X-Forwarded-For", forwardedFor)
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}")));
    }

    private static double hashes(IngressFixture fixture) {
        return fixture.ingress.registry().get(IngressMetrics.PASSWORD_HASHES).gauge().value();
    }
}
