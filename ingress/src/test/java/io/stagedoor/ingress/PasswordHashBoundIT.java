package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.login.Accounts;
import io.stagedoor.ingress.login.PasswordHasher;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The bound on concurrent password hashes, tried by a client that sends more logins at once than it allows. */
class PasswordHashBoundIT {

    /** A slow hash (hundreds of ms here), so the logins of one burst overlap. */
    private static final int SLOW_KIB = 19 * 1024;
    private static final int SLOW_PASSES = 2;
    private static final int LOGINS = 16;
    /**
     * One, not two: request threads are virtual, and a CPU-bound hash keeps its carrier until it ends, so with
     * one carrier per core no more hashes than cores can ever run at once. A bound below the core count (this
     * machine has 2) is one the hasher would exceed without it.
     */
    private static final int BOUND = 1;

    @Test
    void loginsPastTheBoundAre503BeforeHashingAndThePermitsAllComeBack() throws Exception {
        Path file = Files.createTempDirectory("accounts").resolve("accounts.json");
        Accounts.load(file).put("ada@example.com", "ada", new PasswordHasher(SLOW_KIB, SLOW_PASSES).hash("stagedoor"));
        try (IngressFixture fixture = IngressFixture.start(b -> b.accountsFile(file).passwordCost(SLOW_KIB, SLOW_PASSES)
                .maxPasswordHashes(BOUND).trustedProxies(List.of("127.0.0.1/32")))) {
            long hashesBefore = fixture.ingress.passwordHasher().invocations();

            List<CompletableFuture<HttpResponse<String>>> logins = new ArrayList<>();
            for (int i = 0; i < LOGINS; i++) {
                logins.add(fixture.http.sendAsync(HttpRequest.newBuilder(fixture.uri("/v1/login"))
                        .header("Content-Type", "application/json")
                        .header("X-Forwarded-For", "198.51.100." + i)
                        .timeout(Duration.ofSeconds(60))
                        .POST(HttpRequest.BodyPublishers.ofString("{\"email\":\"ada@example.com\",\"password\":\"stagedoor\"}"))
                        .build(), HttpResponse.BodyHandlers.ofString()));
            }
            CompletableFuture.allOf(logins.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);

            List<HttpResponse<String>> answers = logins.stream().map(CompletableFuture::join).toList();
            List<HttpResponse<String>> shed = answers.stream().filter(a -> a.statusCode() == 503).toList();
            List<HttpResponse<String>> hashed = answers.stream().filter(a -> a.statusCode() != 503).toList();
            assertThat(shed).isNotEmpty().allSatisfy(answer -> {
                assertThat(answer.headers().firstValue("Retry-After")).contains("1");
                assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(
                        type -> assertThat(type).startsWith("application/problem+json"));
                assertThat(answer.body()).contains("service-overloaded")
                        .contains(IngressMessages.passwordHashesFull(BOUND));
            });
            assertThat(hashed).isNotEmpty().allSatisfy(answer -> assertThat(answer.statusCode()).isEqualTo(200));
            // a shed login never reached the hasher, and the hasher never ran more at once than the bound allows
            assertThat(fixture.ingress.passwordHasher().invocations() - hashesBefore).isEqualTo(hashed.size());
            assertThat(fixture.ingress.passwordHasher().mostAtOnce()).isLessThanOrEqualTo(BOUND);
            assertThat(fixture.ingress.passwordHashBound().inUse()).isZero();
            assertThat(fixture.ingress.passwordHashBound().refusals()).isEqualTo(shed.size());
        }
    }
}
