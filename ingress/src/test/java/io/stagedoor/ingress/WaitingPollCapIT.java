package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.ids.CorrelationIds;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** One buyer trying to take every long-poll slot of an instance: it holds its 16, everyone else still waits. */
class WaitingPollCapIT {

    private static final int CAP = 16;
    private static final int GREEDY_POLLS = 40;

    @Test
    void oneBuyerHoldsAtMostItsCapOfWaitingPollsAndAnotherBuyersPollStillWaitsForItsResult() throws Exception {
        try (IngressFixture fixture = IngressFixture.start();
             Publisher publisher = new Publisher(RealServers.kafkaBootstrap(), Duration.ofSeconds(5), Duration.ofSeconds(10))) {
            assertThat(fixture.settings.results().maxWaitingPollsPerPrincipal()).isEqualTo(CAP);
            CorrelationIds ids = new CorrelationIds(fixture.settings.auth().secretBytes(), Clock.systemUTC());
            List<String> greedyIds = new ArrayList<>();
            List<CompletableFuture<HttpResponse<String>>> greedy = new ArrayList<>();
            for (int i = 0; i < GREEDY_POLLS; i++) {
                String id = ids.issue("greedy");
                greedyIds.add(id);
                greedy.add(poll(fixture, "greedy", id, 30));
            }

            Awaitility.await().atMost(Duration.ofSeconds(20))
                    .until(() -> greedy.stream().filter(CompletableFuture::isDone).count() == GREEDY_POLLS - CAP);
            assertThat(fixture.ingress.results().waiting()).isEqualTo(CAP);
            assertThat(fixture.ingress.pollSlots().held("greedy")).isEqualTo(CAP);
            // past the cap a poll is answered at once, as without a wait, and says the wait was not applied
            assertThat(greedy.stream().filter(CompletableFuture::isDone).map(CompletableFuture::join)).allSatisfy(answer -> {
                assertThat(answer.statusCode()).isEqualTo(202);
                assertThat(answer.headers().firstValue("Retry-After")).contains("1");
                assertThat(answer.headers().firstValue("Preference-Applied")).isEmpty();
            });

            String patientId = ids.issue("patient");
            CompletableFuture<HttpResponse<String>> patient = poll(fixture, "patient", patientId, 30);
            Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> fixture.ingress.results().waiting() == CAP + 1);
            publish(publisher, fixture, patientId, "patient");
            HttpResponse<String> patientAnswer = patient.get(20, TimeUnit.SECONDS);
            assertThat(patientAnswer.statusCode()).isEqualTo(200);
            assertThat(patientAnswer.body()).contains(patientId);
            assertThat(patientAnswer.headers().firstValue("Preference-Applied")).contains("wait");

            for (String id : greedyIds) {
                publish(publisher, fixture, id, "greedy");
            }
            CompletableFuture.allOf(greedy.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> fixture.ingress.pollSlots().principals() == 0);
            assertThat(fixture.ingress.results().waiting()).isZero();

            // the slots came back: the buyer may wait again, and a wait that runs out gives its slot back too
            CompletableFuture<HttpResponse<String>> again = poll(fixture, "greedy", ids.issue("greedy"), 1);
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> fixture.ingress.pollSlots().held("greedy") == 1);
            assertThat(again.get(10, TimeUnit.SECONDS).headers().firstValue("Preference-Applied")).contains("wait");
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> fixture.ingress.pollSlots().held("greedy") == 0);
        }
    }

    private static CompletableFuture<HttpResponse<String>> poll(IngressFixture fixture, String buyer, String id, int wait) {
        return fixture.http.sendAsync(HttpRequest.newBuilder(fixture.uri("/v1/results/" + id))
                .header("Authorization", "Bearer " + fixture.token(buyer))
                .header("Prefer", "wait=" + wait)
                .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void publish(Publisher publisher, IngressFixture fixture, String id, String buyer) throws Exception {
        Result result = new Result(id, buyer, ResultStatus.REJECTED, "seat-unavailable", IngressFixture.EVENT,
                null, List.of("S-1"), null, null, List.of(), Instant.now(), Instant.now());
        publisher.publish(fixture.topics.results(), id, id, result).get(10, TimeUnit.SECONDS);
    }
}
