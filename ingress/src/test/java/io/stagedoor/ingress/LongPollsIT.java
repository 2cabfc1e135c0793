package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.ids.CorrelationIds;
import java.net.http.HttpClient;
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

/**
 * 5,000 long polls held at once by one instance, each parked without a thread, each woken when its result lands on
 * the results topic.
 */
class LongPollsIT {

    private static final int POLLS = 5_000;

    @Test
    void fiveThousandWaitingPollsAreEachWokenByTheirResult() throws Exception {
        // one buyer holds all 5,000, on as many connections from one address: this test is about the view's capacity,
        // not the per-principal cap nor the per-address one
        try (IngressFixture fixture = IngressFixture.start(b -> b.maxWaitingPollsPerPrincipal(POLLS)
                .maxConnectionsPerAddress(2 * POLLS))) {
            CorrelationIds ids = new CorrelationIds(fixture.settings.auth().secretBytes(), Clock.systemUTC());
            String token = fixture.token("patient");
            List<String> correlationIds = new ArrayList<>();
            for (int i = 0; i < POLLS; i++) {
                correlationIds.add(ids.issue("patient"));
            }
            // Threads other tests of this JVM left running are not this test's: count what the polls add.
            int threadsBefore = Thread.getAllStackTraces().size();
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            List<CompletableFuture<HttpResponse<String>>> polls = new ArrayList<>();
            for (String id : correlationIds) {
                polls.add(http.sendAsync(HttpRequest.newBuilder(fixture.uri("/v1/results/" + id))
                        .header("Authorization", "Bearer " + token)
                        .header("Prefer", "wait=30")
                        .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString()));
            }
            Awaitility.await().atMost(Duration.ofSeconds(40))
                    .until(() -> fixture.ingress.results().waiting() == POLLS);
            int platformThreadsAdded = Thread.getAllStackTraces().size() - threadsBefore;

            try (Publisher publisher = new Publisher(RealServers.kafkaBootstrap(), Duration.ofSeconds(5), Duration.ofSeconds(10))) {
                List<CompletableFuture<?>> sent = new ArrayList<>();
                for (String id : correlationIds) {
                    Result result = new Result(id, "patient", ResultStatus.REJECTED, "seat-unavailable", IngressFixture.EVENT,
                            null, List.of("S-1"), null, null, List.of(), Instant.now(), Instant.now());
                    sent.add(publisher.publish(fixture.topics.results(), id, id, result));
                }
                CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
            }
            CompletableFuture.allOf(polls.toArray(CompletableFuture[]::new)).get(40, TimeUnit.SECONDS);

            for (int i = 0; i < POLLS; i++) {
                HttpResponse<String> answer = polls.get(i).get();
                assertThat(answer.statusCode()).isEqualTo(200);
                assertThat(answer.body()).contains(correlationIds.get(i));
            }
            assertThat(platformThreadsAdded).isLessThan(POLLS / 10);
            assertThat(fixture.ingress.results().waiting()).isZero();
        }
    }
}
