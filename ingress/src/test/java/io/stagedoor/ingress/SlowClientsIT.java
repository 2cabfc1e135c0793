package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.limit.WhenUnavailable;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.login.Accounts;
import io.stagedoor.ingress.login.PasswordHasher;
import io.stagedoor.ingress.metrics.IngressMetrics;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * Attackers on raw sockets against a real instance: bodies that dribble or never come cannot take the door from
 * everyone else, and a body that has not arrived by the deadline is answered 408.
 */
class SlowClientsIT {

    private static final Duration DEADLINE = IngressSettings.builder("unused").build().http().bodyDeadline();
    private static final int DOOR = IngressSettings.builder("unused").build().bounds().maxInFlight();
    private static final int SHARE = IngressSettings.builder("unused").build().bounds().maxInFlightPerPrincipal();
    private static final String CHECKOUT = "/v1/holds/no-such-hold/checkout";
    private static final String PAYMENT = "{\"paymentToken\":\"tok_ok_dribbled_one_byte_at_a_time\"}";
    private static IngressFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        // The buyer's checkout limit (5, then 1 per 10 s) would refuse most dribblers before any body is read; it is
        // lifted here so that the door's per-principal share is what stands between them and the door.
        // The event's organizer limit is lifted too: every other buyer's hold in this class is the one organizer's.
        fixture = IngressFixture.start(settings -> settings.limits(Limits.defaults().with(LimitPolicy.of(
                "buyer-checkouts", 1_000, 1_000, Duration.ofSeconds(1), WhenUnavailable.FAIL_OPEN)).with(LimitPolicy.of(
                "organizer-holds", 10_000, 10_000, Duration.ofSeconds(1), WhenUnavailable.FAIL_OPEN))));
        // First requests load the routes' classes and the producer's metadata, so what the tests measure is the
        // rings, not a cold start on a busy machine.
        fixture.postCheckout("warm-up", "no-such-hold", "tok_ok");
        int[] attempt = {0};
        Awaitility.await().atMost(Duration.ofSeconds(30))
                .until(() -> fixture.postHold("warm-up-" + attempt[0]++, "{\"seats\":[\"S-2\"]}").statusCode() == 202);
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void fourHundredDribblingCheckoutsOfOneBuyerLeaveTheDoorOpenToEveryoneElse() throws Exception {
        Map<String, String> mallory = Map.of("Authorization", "Bearer " + fixture.token("mallory"));
        List<SlowBody> dribblers = new ArrayList<>();
        try {
            for (int i = 0; i < DOOR; i++) {
                dribblers.add(SlowBody.post(fixture.ingress.port(), CHECKOUT, mallory, PAYMENT, Duration.ofMillis(500)));
            }
            CompletableFuture<Void> allAnswered = CompletableFuture.allOf(
                    dribblers.stream().map(SlowBody::answer).toArray(CompletableFuture[]::new));

            int servedWhileDribbling = 0;
            int mostCheckoutPermitsTaken = 0;
            for (int other = 0; !allAnswered.isDone(); other++) {
                // a checkout whose body never arrives must not hold a checkout permit while it dribbles
                mostCheckoutPermitsTaken = Math.max(mostCheckoutPermitsTaken, fixture.ingress.checkoutBound().inUse());
                HttpResponse<String> hold = fixture.postHold("other-" + other, "{\"seats\":[\"S-1\"]}");
                HttpResponse<String> events = fixture.send(HttpRequest.newBuilder(fixture.uri("/v1/events")).GET());
                assertThat(hold.statusCode()).as(hold.body()).isEqualTo(202);
                assertThat(events.statusCode()).as(events.body()).isEqualTo(200);
                if (dribblers.stream().noneMatch(d -> d.answer().isDone() && d.answer().join().status() == 408)) {
                    servedWhileDribbling++;
                }
            }

            List<SlowBody.Answer> answers = dribblers.stream().map(d -> d.answer().join()).toList();
            List<SlowBody.Answer> timedOut = answers.stream().filter(a -> a.status() == 408).toList();
            List<SlowBody.Answer> refused = answers.stream().filter(a -> a.status() == 429).toList();
            assertThat(servedWhileDribbling).isGreaterThanOrEqualTo(3);
            assertThat(mostCheckoutPermitsTaken).as("checkout permits taken by dribbling checkouts").isZero();
            assertThat(timedOut.size() + refused.size()).isEqualTo(DOOR);
            // Inside the share the body is read until the deadline; another limit of the buyer's may refuse some first.
            assertThat(timedOut).hasSizeBetween(1, SHARE).allSatisfy(answer -> {
                assertThat(answer.body()).contains("request-timeout").contains(IngressMessages.bodyTooSlow(DEADLINE.toMillis()));
                assertThat(answer.after()).isBetween(DEADLINE.minusMillis(100), DEADLINE.plusSeconds(2));
                assertThat(answer.closedAfter()).isTrue();
            });
            assertThat(refused).allSatisfy(answer -> {
                assertThat(answer.headers()).containsKey("retry-after");
                assertThat(answer.headers().get("content-type")).startsWith("application/problem+json");
            });
            assertThat(refused.stream().filter(a -> a.body().contains("too-many-in-flight")).count())
                    .isGreaterThanOrEqualTo(DOOR - SHARE);
            assertThat(refused.stream().filter(a -> a.body().contains("too-many-in-flight")).findFirst().orElseThrow().body())
                    .contains(IngressMessages.principalInFlight(SHARE));
            awaitDoorEmpty(fixture);
        } finally {
            closeAll(dribblers);
        }
    }

    // An IPv6 client holds a /64: each of its dribblers from another address of it must still meet one share.
    @ParameterizedTest(name = "from {0}")
    @ValueSource(strings = {"198.51.100.66", "2001:db8:7:7::"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void slowLoginsFromOneClientCannotFillTheDoorAndAnotherAddressStillLogsIn(String client) throws Exception {
        Path accounts = Files.createTempDirectory("accounts").resolve("accounts.json");
        Accounts.load(accounts).put("ada@example.com", "ada", new PasswordHasher(1024, 1).hash("stagedoor"));
        int door = 10;
        int share = 5;
        try (IngressFixture small = IngressFixture.start(b -> b.maxInFlight(door).maxInFlightPerAddress(share)
                .bodyDeadline(Duration.ofSeconds(30)).accountsFile(accounts).passwordCost(1024, 1)
                .trustedProxies(List.of("127.0.0.1/32")))) {
            String login = "{\"email\":\"ada@example.com\",\"password\":\"stagedoor\"}";
            IntFunction<Map<String, String>> attacker = i -> Map.of("X-Forwarded-For",
                    client.endsWith("::") ? client + Integer.toHexString(i + 1) : client);
            List<SlowBody> dribblers = new ArrayList<>();
            try {
                for (int i = 0; i < share; i++) {
                    dribblers.add(SlowBody.post(small.ingress.port(), "/v1/login", attacker.apply(i), login,
                            Duration.ofMillis(500)));
                }
                Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> inFlight(small) == share);
                // One after another, so the door is never full for a moment of refusals in flight.
                for (int i = share; i < 4 * door; i++) {
                    SlowBody next = SlowBody.post(small.ingress.port(), "/v1/login", attacker.apply(i), login,
                            Duration.ofMillis(500));
                    dribblers.add(next);
                    SlowBody.Answer answer = next.answer().get(10, TimeUnit.SECONDS);
                    assertThat(answer.status()).as(answer.body()).isEqualTo(429);
                    assertThat(answer.body()).contains("too-many-in-flight").contains(IngressMessages.addressInFlight(share));
                    assertThat(answer.headers()).containsKey("retry-after");
                }

                HttpResponse<String> honest = small.send(HttpRequest.newBuilder(small.uri("/v1/login"))
                        .header("Content-Type", "application/json").header("X-Forwarded-For", "203.0.113.7")
                        .POST(HttpRequest.BodyPublishers.ofString(login)));

                assertThat(honest.statusCode()).as(honest.body()).isEqualTo(200);
                assertThat(dribblers.subList(0, share)).noneMatch(d -> d.answer().isDone());
            } finally {
                closeAll(dribblers);
            }
            // The dribblers went away mid-body: their door permits and the address's counter go with them.
            awaitDoorEmpty(small);
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aBodyThatSendsNothingAfterItsHeadersIsAnswered408AtTheDeadline() throws Exception {
        try (SlowBody silent = SlowBody.post(fixture.ingress.port(), CHECKOUT,
                Map.of("Authorization", "Bearer " + fixture.token("silent")), PAYMENT, null)) {
            SlowBody.Answer answer = silent.answer().get(DEADLINE.toSeconds() + 10, TimeUnit.SECONDS);

            assertTimedOut(answer);
        }
        awaitDoorEmpty(fixture);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aBodyDribblingOneBytePerSecondIsAnswered408AtTheDeadline() throws Exception {
        try (SlowBody trickle = SlowBody.post(fixture.ingress.port(), CHECKOUT,
                Map.of("Authorization", "Bearer " + fixture.token("trickle")), PAYMENT, Duration.ofSeconds(1))) {
            SlowBody.Answer answer = trickle.answer().get(DEADLINE.toSeconds() + 10, TimeUnit.SECONDS);

            assertTimedOut(answer);
        }
        awaitDoorEmpty(fixture);
    }

    private static void assertTimedOut(SlowBody.Answer answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(408);
        assertThat(answer.headers().get("content-type")).startsWith("application/problem+json");
        assertThat(answer.body()).contains("request-timeout").contains(IngressMessages.bodyTooSlow(DEADLINE.toMillis()));
        // the margin is a loaded 2-core machine's scheduling, client and server sharing it
        assertThat(answer.after()).isBetween(DEADLINE.minusMillis(100), DEADLINE.plusSeconds(1));
        assertThat(answer.closedAfter()).isTrue();
    }

    private static double inFlight(IngressFixture instance) {
        return instance.ingress.registry().get(IngressMetrics.IN_FLIGHT).gauge().value();
    }

    private static void awaitDoorEmpty(IngressFixture instance) {
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> inFlight(instance) == 0
                && instance.ingress.registry().get(IngressMetrics.IN_FLIGHT_CLIENTS).gauge().value() == 0);
    }

    private static void closeAll(List<SlowBody> bodies) {
        for (SlowBody body : bodies) {
            try {
                body.close();
            } catch (java.io.IOException e) {
                // already closed by the server
            }
        }
    }
}
