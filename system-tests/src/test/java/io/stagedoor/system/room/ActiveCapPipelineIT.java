package io.stagedoor.system.room;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.client.Accepted;
import io.stagedoor.client.Decided;
import io.stagedoor.client.InQueue;
import io.stagedoor.client.PassIssued;
import io.stagedoor.client.QueueAnswer;
import io.stagedoor.client.Refusal;
import io.stagedoor.client.RefusalType;
import io.stagedoor.client.RequestOptions;
import io.stagedoor.client.ResultStatus;
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
import io.stagedoor.topics.WaitingRoomSettings;
import io.stagedoor.workers.payment.PayrailSettings;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole pipeline with the demo event's room capped at one active buyer: a checkout the workers confirm ends
 * the buyer's session through the results topic the ingress follows, so the next buyer gets the slot at once,
 * long before the first buyer's pass would have run out, and the first pass stops working.
 */
class ActiveCapPipelineIT {

    private static final BuyerTokens TOKENS = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());
    private static Pipeline pipeline;

    @BeforeAll
    static void start() throws Exception {
        Instant opened = Instant.now().minusSeconds(60);
        var event = DemoEvent.definition(true, opened, 8);
        event = event.withWaitingRoom(new WaitingRoomSettings(true, 5, opened, Duration.ofMinutes(15), 1));
        pipeline = Pipeline.start(PipelineOptions.builder(Files.createTempDirectory("capped")).port(0)
                .kafka(RealServers.kafkaBootstrap()).redis(RealServers.redisUri()).kafkaPort(0).redisPort(0)
                .partitions(3).waitingRoom(true).topics(new TopicNames(TestNames.unique("capped"))).event(event)
                .build());
    }

    @AfterAll
    static void stop() {
        pipeline.close();
    }

    @Test
    void aConfirmedCheckoutHandsTheOnlySlotToTheNextBuyer() throws Exception {
        try (StagedoorClient client = StagedoorClient.of(URI.create("http://127.0.0.1:" + pipeline.port()))) {
            String first = TOKENS.issue(TestNames.unique("first"), Duration.ofMinutes(10));
            String second = TOKENS.issue(TestNames.unique("second"), Duration.ofMinutes(10));
            PassIssued pass = (PassIssued) client.awaitPass(first, DemoEvent.EVENT_ID, Duration.ofSeconds(20))
                    .get(30, TimeUnit.SECONDS);
            QueueAnswer waiting = client.joinQueue(second, DemoEvent.EVENT_ID).get(30, TimeUnit.SECONDS);
            assertThat(waiting).isInstanceOf(InQueue.class);
            // The room is full: a few seconds at five a second would have admitted the second buyer many times over.
            QueueAnswer stillWaiting = client.awaitPass(second, DemoEvent.EVENT_ID, Duration.ofSeconds(3))
                    .get(30, TimeUnit.SECONDS);
            assertThat(stillWaiting).isInstanceOf(InQueue.class);

            RequestOptions withPass = RequestOptions.none().withWaitingRoomPass(pass.pass());
            Accepted hold = (Accepted) client.hold(first, DemoEvent.EVENT_ID, List.of("A-1"), withPass)
                    .get(30, TimeUnit.SECONDS);
            Decided held = (Decided) client.awaitResult(first, hold.correlationId(), Duration.ofSeconds(20))
                    .get(30, TimeUnit.SECONDS);
            assertThat(held.result().status()).isEqualTo(ResultStatus.HELD);
            Accepted checkout = (Accepted) client.checkout(first, held.result().holdId(), PayrailSettings.TOKEN_OK)
                    .get(30, TimeUnit.SECONDS);
            Decided paid = (Decided) client.awaitResult(first, checkout.correlationId(), Duration.ofSeconds(20))
                    .get(30, TimeUnit.SECONDS);
            assertThat(paid.result().status()).isEqualTo(ResultStatus.CONFIRMED);

            QueueAnswer next = client.awaitPass(second, DemoEvent.EVENT_ID, Duration.ofSeconds(20))
                    .get(30, TimeUnit.SECONDS);
            assertThat(next).isInstanceOf(PassIssued.class);
            SubmitAnswer replay = client.hold(first, DemoEvent.EVENT_ID, List.of("A-2"), withPass)
                    .get(30, TimeUnit.SECONDS);
            assertThat(replay).isInstanceOfSatisfying(Refusal.class, refused ->
                    assertThat(refused.type()).isEqualTo(RefusalType.WAITING_ROOM));
        }
    }
}
