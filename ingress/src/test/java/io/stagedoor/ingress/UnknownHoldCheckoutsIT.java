package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.PayrailSettings;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A checkout of a hold this instance has not seen waits up to two seconds for it (another instance may have reported
 * it a moment ago). That wait is paid for with the buyer's checkout token and holds no checkout permit, so twenty
 * accounts each filling their share of the door with checkouts of made-up hold ids park a handful of requests, not
 * the door's 400, and a real buyer is still served.
 */
class UnknownHoldCheckoutsIT {

    private static final int ACCOUNTS = 20;

    private static IngressFixture fixture;
    private static Workers workers;

    @BeforeAll
    static void start() throws Exception {
        fixture = IngressFixture.start();
        workers = fixture.startWorkers(new SimulatedGateway(
                new PayrailSettings(Duration.ofMillis(50), 0, 0, Duration.ofSeconds(30), 11)));
    }

    @AfterAll
    static void stop() {
        fixture.close();
        workers.close();
    }

    // Before, the wait ran in the principal ring before the token was charged: every one of the 400 requests parked
    // for two seconds at no cost, the door was full, and the real buyer was shed with 503.
    @Test
    void twentyAccountsFillingTheDoorWithUnknownHoldsParkFewAndCostTheirTokensWhileARealBuyerIsServed() throws Exception {
        String buyer = TestNames.unique("real");
        String hold = IngressFixture.correlationId(fixture.postHold(buyer, "{\"seats\":[\"S-7\"]}"));
        String holdId = fixture.result(buyer, hold).get("holdId").asText();
        HttpRequest real = fixture.checkoutRequest(buyer, holdId, "tok_ok");
        int share = fixture.settings.bounds().maxInFlightPerPrincipal();

        List<String> accounts = new ArrayList<>();
        List<HttpRequest> attack = new ArrayList<>();
        for (int a = 0; a < ACCOUNTS; a++) {
            String account = TestNames.unique("parker");
            accounts.add(account);
            for (int i = 0; i < share; i++) {
                attack.add(fixture.checkoutRequest(account, "hold_made_up_" + a + "_" + i, "tok_ok"));
            }
        }
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (HttpRequest request : attack) {
            answers.add(fixture.http.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
        }
        // every attacking request has reached the server (in flight past its principal's share) or been answered
        Awaitility.await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(10)).until(() ->
                answers.stream().filter(CompletableFuture::isDone).count() + inFlight(accounts) >= attack.size());
        int parked = inFlight(accounts);
        int permitsWhileParked = fixture.ingress.checkoutBound().inUse();

        HttpResponse<String> served = fixture.http.send(real, HttpResponse.BodyHandlers.ofString());

        assertThat(served.statusCode()).as(served.body()).isEqualTo(202);
        assertThat(permitsWhileParked).as("checkout permits held by parked checkouts").isZero();
        assertThat(parked).as("requests parked at once").isLessThanOrEqualTo(ACCOUNTS * 6);
        Map<String, Integer> waitedPerAccount = new HashMap<>();
        for (int i = 0; i < answers.size(); i++) {
            HttpResponse<String> answer = answers.get(i).get(30, TimeUnit.SECONDS);
            assertThat(answer.statusCode()).as(answer.body()).isIn(404, 429);
            if (answer.statusCode() == 404) {
                waitedPerAccount.merge(accounts.get(i / share), 1, Integer::sum);
            }
        }
        // the buyer's checkout bucket holds 5 and refills one per 10 s: no account waited for more holds than that
        assertThat(waitedPerAccount.values()).allSatisfy(waited -> assertThat(waited).isLessThanOrEqualTo(6));
    }

    // The hold id is the inventory's name for the hold request's correlation id, so a client can send the checkout
    // before any instance has seen the hold: it waits (on no thread, holding no checkout permit) and goes ahead.
    @Test
    void aCheckoutSentBeforeItsHoldIsKnownWaitsForItAndIsPaid() throws Exception {
        String buyer = TestNames.unique("early");
        String holdRequest = IngressFixture.correlationId(fixture.postHold(buyer, "{\"seats\":[\"S-8\"]}"));
        String holdId = "hold_" + java.util.UUID.nameUUIDFromBytes(("hold:" + holdRequest)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));

        HttpResponse<String> early = fixture.postCheckout(buyer, holdId, "tok_ok");

        assertThat(early.statusCode()).as(early.body()).isEqualTo(202);
        assertThat(fixture.result(buyer, IngressFixture.correlationId(early)).get("status").asText())
                .isEqualTo("confirmed");
        Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> fixture.ingress.checkoutBound().inUse() == 0);
    }

    private static int inFlight(List<String> accounts) {
        return accounts.stream().mapToInt(account -> fixture.ingress.principalShares().inUse(account)).sum();
    }
}
