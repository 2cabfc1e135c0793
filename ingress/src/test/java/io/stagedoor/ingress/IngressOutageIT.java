package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Meter;
import io.stagedoor.ingress.login.Accounts;
import io.stagedoor.ingress.login.PasswordHasher;
import io.stagedoor.ingress.rings.RateLimitHeaders;
import io.stagedoor.testsupport.PrivateRedis;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Redis stopped under a running instance: holds fail open (counted), logins are limited in-process, nobody waits
 * for the outage; Redis back: Redis decides again.
 */
class IngressOutageIT {

    @Test
    void holdsFailOpenLoginsStayLimitedAndRedisDecisionsResume() throws Exception {
        Path accounts = Files.createTempDirectory("outage-accounts").resolve("accounts.json");
        Accounts.load(accounts).put("ada@example.com", "ada", new PasswordHasher(1024, 1).hash("stagedoor"));
        try (PrivateRedis redis = PrivateRedis.start();
             IngressFixture fixture = IngressFixture.start(b -> b.redisUri(redis.uri()).accountsFile(accounts)
                     .passwordCost(1024, 1))) {
            Duration before = Duration.ZERO;
            for (int i = 0; i < 5; i++) {
                before = max(before, timedHold(fixture, "calm-" + i, "S-" + (i + 1)));
            }

            redis.stop();
            Duration during = Duration.ZERO;
            for (int i = 0; i < 12; i++) {
                long start = System.nanoTime();
                HttpResponse<String> failedOpen = fixture.postHold("outage-" + i, "{\"seats\":[\"S-" + (i + 10) + "\"]}");
                during = max(during, Duration.ofNanos(System.nanoTime() - start));
                assertThat(failedOpen.statusCode()).isEqualTo(202);
                // Nobody counted a fail-open admission: no field may claim a count.
                assertThat(failedOpen.headers().map().keySet()).as("fields of a fail-open admission")
                        .noneMatch(name -> name.equalsIgnoreCase(RateLimitHeaders.LIMIT)
                                || name.equalsIgnoreCase(RateLimitHeaders.POLICY)
                                || name.equalsIgnoreCase(RateLimitHeaders.REMAINING));
            }
            assertThat(fallbacks(fixture, "fallback_open")).isGreaterThan(0);
            assertThat(during).isLessThan(before.plusMillis(100));

            for (int i = 0; i < 10; i++) {
                assertThat(login(fixture, "wrong").statusCode()).isEqualTo(401);
            }
            HttpResponse<String> limited = login(fixture, "stagedoor");
            assertThat(limited.statusCode()).isEqualTo(429);
            assertThat(fallbacks(fixture, "fallback_local")).isGreaterThan(0);

            redis.restart();
            double redisDecisions = decisions(fixture, "redis");
            Awaitility.await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200)).until(() -> {
                timedHold(fixture, "back-" + System.nanoTime(), "S-50");
                return decisions(fixture, "redis") > redisDecisions;
            });
        }
    }

    private static Duration timedHold(IngressFixture fixture, String buyer, String seat) throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> response = fixture.postHold(buyer, "{\"seats\":[\"" + seat + "\"]}");
        assertThat(response.statusCode()).isEqualTo(202);
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private static HttpResponse<String> login(IngressFixture fixture, String password) throws Exception {
        return fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/login"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "{\"email\":\"ada@example.com\",\"password\":\"" + password + "\"}")));
    }

    private static double fallbacks(IngressFixture fixture, String source) {
        return decisions(fixture, source);
    }

    private static double decisions(IngressFixture fixture, String source) {
        return fixture.ingress.registry().getMeters().stream()
                .filter(meter -> meter.getId().getName().equals("stagedoor.admission.decisions"))
                .filter(meter -> source.equals(meter.getId().getTag("source")))
                .mapToDouble(IngressOutageIT::count)
                .sum();
    }

    private static double count(Meter meter) {
        return meter.measure().iterator().next().getValue();
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
