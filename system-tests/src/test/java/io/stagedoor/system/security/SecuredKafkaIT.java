package io.stagedoor.system.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.config.StagedoorConfig;
import io.stagedoor.ingress.Ingress;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.SecuredKafka;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicsMessages;
import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.topics.json.Json;
import io.stagedoor.workers.WorkerSettings;
import io.stagedoor.workers.launch.Workers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline against a broker that takes clients only over SASL_SSL with SCRAM-SHA-512: configured with nothing
 * but that listener's bootstrap and a Kafka client properties file, a hold travels to its result; with a wrong
 * password the ingress and the workers fail at start, saying the broker refused the credentials.
 */
class SecuredKafkaIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final BuyerTokens TOKENS = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());

    @TempDir
    Path dir;

    @Test
    void aHoldReachesItsResultOverSaslSslWithScram() throws Exception {
        Path clientConfig = SecuredKafka.writeClientConfig(dir.resolve("client.properties"), SecuredKafka.PASSWORD);
        StagedoorConfig config = StagedoorConfig.load(null, Map.of(), List.of("kafka.client-config=" + clientConfig));
        Path data = Files.createDirectories(dir.resolve("data"));
        try (Pipeline pipeline = Pipeline.start(PipelineOptions.builder(data).port(0)
                .kafka(SecuredKafka.saslSslBootstrap()).redis(RealServers.redisUri()).kafkaPort(0).redisPort(0)
                .partitions(3).topics(new TopicNames(TestNames.unique("secured"))).build(), config)) {
            HttpResponse<String> accepted = HTTP.send(HttpRequest.newBuilder(
                            uri(pipeline, "/v1/events/" + DemoEvent.EVENT_ID + "/holds"))
                    .header("Authorization", "Bearer " + TOKENS.issue("8812", Duration.ofMinutes(5)))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"A-1\"]}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(accepted.statusCode()).isEqualTo(202);
            String id = Json.mapper().readTree(accepted.body()).get("correlationId").asText();

            assertThat(result(pipeline, id).get("status").asText()).isEqualTo("held");
        }
    }

    @Test
    void anIngressWithAWrongPasswordFailsAtStartNamingTheMechanism() {
        KafkaConnection wrong = new KafkaConnection(SecuredKafka.saslSslBootstrap(),
                SecuredKafka.clientProperties("not-the-password"));
        IngressSettings settings = IngressSettings.builder(wrong.bootstrapServers())
                .kafkaClient(wrong.clientProperties()).topics(new TopicNames(TestNames.unique("wrong"))).port(0).build();

        assertThatThrownBy(() -> Ingress.start(settings))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith(refusal(wrong))
                .hasMessageContaining("SASL_SSL").hasMessageContaining("SCRAM-SHA-512");
    }

    @Test
    void workersWithAWrongPasswordFailAtStart() {
        KafkaConnection wrong = new KafkaConnection(SecuredKafka.saslSslBootstrap(),
                SecuredKafka.clientProperties("not-the-password"));
        WorkerSettings settings = WorkerSettings.defaults().withKafka(wrong.bootstrapServers())
                .withKafkaClient(wrong.clientProperties()).withNamespace(TestNames.unique("wrong"));

        assertThatThrownBy(() -> Workers.start(settings, Workers.gatewayFor(settings)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith(refusal(wrong));
    }

    /** The message up to the broker's own words, which the client library may reword between versions. */
    private static String refusal(KafkaConnection connection) {
        String message = TopicsMessages.authenticationFailed(connection.bootstrapServers(),
                connection.securityProtocol(), connection.saslMechanism(), "DETAIL");
        return message.substring(0, message.indexOf("DETAIL"));
    }

    private static JsonNode result(Pipeline pipeline, String id) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            HttpResponse<String> poll = HTTP.send(HttpRequest.newBuilder(uri(pipeline, "/v1/results/" + id))
                    .header("Authorization", "Bearer " + TOKENS.issue("8812", Duration.ofMinutes(5)))
                    .header("Prefer", "wait=5").build(), HttpResponse.BodyHandlers.ofString());
            if (poll.statusCode() == 200) {
                return Json.mapper().readTree(poll.body());
            }
            assertThat(poll.statusCode()).isEqualTo(202);
        }
        throw new AssertionError("no result for " + id + " within 60 s");
    }

    private static URI uri(Pipeline pipeline, String path) {
        return URI.create("http://127.0.0.1:" + pipeline.port() + path);
    }
}
