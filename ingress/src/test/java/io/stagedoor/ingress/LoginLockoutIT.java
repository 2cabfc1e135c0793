package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.limit.WhenUnavailable;
import io.stagedoor.ingress.login.Accounts;
import io.stagedoor.ingress.login.PasswordHasher;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A stranger cannot lock an owner out of login: the per-account bucket is one per client network (IPv4 /24, IPv6
 * /48), so wrong passwords from one network spend that network's tokens for the account and no one else's. On a
 * real instance and Redis, behind a trusted balancer that sets each client's address; each test on its own account.
 */
class LoginLockoutIT {

    private static final int COST_KIB = 1024;
    private static final String PASSWORD = "the owner's password";
    private static final List<String> OWNERS = List.of("ada@example.com", "grace@example.com", "linus@example.com",
            "alan@example.com");

    private static IngressFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        Path file = Files.createTempDirectory("accounts").resolve("accounts.json");
        Accounts accounts = Accounts.load(file);
        PasswordHasher hasher = new PasswordHasher(COST_KIB, 1);
        for (String owner : OWNERS) {
            accounts.put(owner, null, hasher.hash(PASSWORD));
        }
        // The address limit at 100 a minute, so that 20 guesses from one address all reach the account's limit (at
        // its default of 10 a minute the address limit would cut them first, and the test would prove nothing).
        Limits limits = Limits.defaults().with(LimitPolicy.of("login-address", 100, 100, Duration.ofMinutes(1),
                WhenUnavailable.LOCAL_BUCKET));
        fixture = IngressFixture.start(b -> b.accountsFile(file).passwordCost(COST_KIB, 1).limits(limits)
                .trustedProxies(List.of("127.0.0.1/32")));
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void twentyWrongPasswordsFromOneAddressThenTheRightOneFromAnotherIs200() throws Exception {
        for (int i = 0; i < 20; i++) {
            assertThat(login("ada@example.com", "wrong " + i, "198.51.100.7").statusCode()).isEqualTo(401);
        }
        HttpResponse<String> locked = login("ada@example.com", "wrong", "198.51.100.7");
        assertThat(locked.statusCode()).isEqualTo(429);
        assertThat(locked.body()).contains("\"policy\":\"login-account\"");

        HttpResponse<String> owner = login("ada@example.com", PASSWORD, "203.0.113.9");

        assertThat(owner.statusCode()).as(owner.body()).isEqualTo(200);
        assertThat(owner.body()).contains("\"token\"");
    }

    /**
     * The stranger spreads 20 guesses over 20 addresses of one /24 (a fresh address limit for each): the
     * account is locked for that /24, for a wrong password and the right one alike, before any hash; the owner on
     * another /24 still logs in.
     */
    @Test
    void theAccountStaysLockedFromTheFloodingNetworkWithoutHashingAndOpenFromAnother() throws Exception {
        for (int i = 1; i <= 20; i++) {
            HttpResponse<String> wrong = login("grace@example.com", "wrong", "198.51.100." + i);
            assertThat(wrong.statusCode()).as("guess %d: %s", i, wrong.body()).isEqualTo(401);
        }
        double hashes = hashes();

        HttpResponse<String> moreWrong = login("grace@example.com", "wrong", "198.51.100.21");
        HttpResponse<String> right = login("grace@example.com", PASSWORD, "198.51.100.22");

        for (HttpResponse<String> locked : List.of(moreWrong, right)) {
            assertThat(locked.statusCode()).isEqualTo(429);
            assertThat(locked.body()).contains("\"policy\":\"login-account\"");
            assertThat(Long.parseLong(locked.headers().firstValue("Retry-After").orElseThrow())).isPositive();
        }
        assertThat(hashes()).isEqualTo(hashes);
        assertThat(login("grace@example.com", PASSWORD, "198.51.101.1").statusCode()).isEqualTo(200);
    }

    /** IPv6: the /64s of one /48 are one network, so a site cannot mint a fresh bucket per /64. */
    @Test
    void anIpv6FloodIsCountedOnItsSlash48() throws Exception {
        for (int subnet = 1; subnet <= 20; subnet++) {
            HttpResponse<String> wrong = login("linus@example.com", "wrong", "2001:db8:7:" + Integer.toHexString(subnet) + "::1");
            assertThat(wrong.statusCode()).as(wrong.body()).isEqualTo(401);
        }

        HttpResponse<String> sameSite = login("linus@example.com", PASSWORD, "2001:db8:7:ff::1");
        HttpResponse<String> otherSite = login("linus@example.com", PASSWORD, "2001:db8:8::1");

        assertThat(sameSite.statusCode()).isEqualTo(429);
        assertThat(sameSite.body()).contains("\"policy\":\"login-account\"");
        assertThat(otherSite.statusCode()).as(otherSite.body()).isEqualTo(200);
    }

    /**
     * Only failed attempts count against the account: the owner's right password, 25 times in a row from one network
     * within the hour, passes every time (each took its token before the hash and gave it back); 20 wrong ones from
     * that network still lock it, the next one refused before any hash.
     */
    @Test
    void rightPasswordsAreNotCountedAndWrongOnesStillLockTheNetwork() throws Exception {
        for (int i = 1; i <= 25; i++) {
            HttpResponse<String> owner = login("alan@example.com", PASSWORD, "192.0.2." + (i % 3 + 1));
            assertThat(owner.statusCode()).as("login %d: %s", i, owner.body()).isEqualTo(200);
        }
        for (int i = 1; i <= 20; i++) {
            HttpResponse<String> wrong = login("alan@example.com", "wrong " + i, "192.0.2." + (i % 3 + 1));
            assertThat(wrong.statusCode()).as("guess %d: %s", i, wrong.body()).isEqualTo(401);
        }
        double hashes = hashes();

        HttpResponse<String> locked = login("alan@example.com", PASSWORD, "192.0.2.1");

        assertThat(locked.statusCode()).isEqualTo(429);
        assertThat(locked.body()).contains("\"policy\":\"login-account\"");
        assertThat(hashes()).isEqualTo(hashes);
    }

    private static HttpResponse<String> login(String email, String password, String forwardedFor) throws Exception {
        return fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/login"))
                .header("Content-Type", "application/json")
                .header("X-Forwarded-For", forwardedFor)
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}")));
    }

    private static double hashes() {
        return fixture.ingress.registry().get(IngressMetrics.PASSWORD_HASHES).gauge().value();
    }
}
