package io.stagedoor.system.clientjs;

import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.system.node.NodeTests;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The JavaScript client ({@code client-js/}) against the real ingress: starts the whole pipeline (waiting room on) on
 * the fixtures' Kafka and Redis and runs {@code node --test client-js/test/} against it, its unit tests and the live
 * ones (login, the room at its pace, a hold and a checkout with their results, a 429 waited out, the RateLimit fields,
 * one Idempotency-Key per hold, the throttle engaging). A live test that skipped itself fails this test. The output
 * lands in {@code client-js/test-output.log}. Missing node or npm packages: as {@link NodeTests} says.
 */
class ClientJsIT {

    private static final long NODE_TIMEOUT_MINUTES = 10;

    private static Path clientJs;
    private static Pipeline pipeline;

    @BeforeAll
    static void start() throws Exception {
        clientJs = NodeTests.project("client-js");
        NodeTests.requireTooling("ClientJsIT", clientJs, List.of("structured-headers", "typescript"), () -> { });
        // The limit test spends a buyer's burst of 10 seats and holds one more after the wait: above the default cap of 8.
        pipeline = Pipeline.start(PipelineOptions.builder(Files.createTempDirectory("client-js")).port(0)
                .kafka(RealServers.kafkaBootstrap()).redis(RealServers.redisUri()).kafkaPort(0).redisPort(0).partitions(3)
                .waitingRoom(true).topics(new TopicNames(TestNames.unique("clientjs"))).maxSeatsPerBuyer(12).build());
    }

    @AfterAll
    static void stop() {
        if (pipeline != null) {
            pipeline.close();
        }
    }

    @Test
    void theJavaScriptClientPassesItsTestsAgainstTheIngress() throws Exception {
        NodeTests.run(clientJs, List.of("test/"), Map.of(
                        "STAGEDOOR_URL", "http://127.0.0.1:" + pipeline.port(),
                        "STAGEDOOR_ADMIN_URL", "http://127.0.0.1:" + pipeline.adminPort()),
                clientJs.resolve("test-output.log"), NODE_TIMEOUT_MINUTES, true);
    }
}
