package io.stagedoor.system;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.client.Accepted;
import io.stagedoor.client.CallListener;
import io.stagedoor.client.Decided;
import io.stagedoor.client.Operation;
import io.stagedoor.client.RequestOptions;
import io.stagedoor.client.RetryStep;
import io.stagedoor.client.StagedoorClient;
import io.stagedoor.client.SubmitAnswer;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicNames;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Java client against the real pipeline: it honours a live 429's Retry-After and gets its result. */
class ClientAgainstIngressIT {

    private static Pipeline pipeline;
    private static final BuyerTokens TOKENS = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());

    @BeforeAll
    static void start() throws Exception {
        pipeline = Pipeline.start(PipelineOptions.builder(Files.createTempDirectory("client")).port(0)
                .kafka(RealServers.kafkaBootstrap()).redis(RealServers.redisUri()).kafkaPort(0).redisPort(0)
                .partitions(3).topics(new TopicNames(TestNames.unique("client"))).build());
    }

    @AfterAll
    static void stop() {
        pipeline.close();
    }

    @Test
    void theClientWaitsOutALive429AndItsNextAttemptIsAdmitted() throws Exception {
        List<RetryStep> retries = new CopyOnWriteArrayList<>();
        CallListener listener = new CallListener() {
            @Override
            public void onRetry(Operation operation, RetryStep step) {
                retries.add(step);
            }
        };
        try (StagedoorClient client = StagedoorClient.builder()
                .baseUri(URI.create("http://127.0.0.1:" + pipeline.port())).listener(listener).build()) {
            String token = TOKENS.issue(TestNames.unique("eager"), Duration.ofMinutes(10));
            for (int i = 1; i <= 10; i++) {
                SubmitAnswer answer = client.hold(token, DemoEvent.EVENT_ID, List.of("E-" + i)).get(20, TimeUnit.SECONDS);
                assertThat(answer).isInstanceOf(Accepted.class);
            }

            long start = System.nanoTime();
            SubmitAnswer eleventh = client.hold(token, DemoEvent.EVENT_ID, List.of("E-11"), RequestOptions.none())
                    .get(30, TimeUnit.SECONDS);
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(eleventh).isInstanceOf(Accepted.class);
            Accepted accepted = (Accepted) eleventh;
            assertThat(accepted.stats().rateLimited()).isEqualTo(1);
            assertThat(accepted.stats().retryAfterHonoured()).isTrue();
            assertThat(retries).hasSize(1);
            RetryStep wait = retries.get(0);
            assertThat(wait.status()).isEqualTo(429);
            assertThat(wait.fromRetryAfter()).isTrue();
            assertThat(wait.pause()).isBetween(Duration.ofSeconds(1), Duration.ofSeconds(6));
            assertThat(took).isGreaterThanOrEqualTo(wait.pause());
            assertThat(client.awaitResult(token, accepted.correlationId(), Duration.ofSeconds(20)).get(30, TimeUnit.SECONDS))
                    .isInstanceOf(Decided.class);
        }
    }
}
