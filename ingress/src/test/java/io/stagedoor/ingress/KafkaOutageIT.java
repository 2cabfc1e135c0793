package io.stagedoor.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.ingress.publish.Publisher;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.TopicCreator;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.TopicSettings;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * A broker of the test's own, stopped under the ingress and started again: while it is down a hold is refused with
 * 503 and Retry-After within the producer's bound, never accepted; once it is back, holds are accepted again.
 */
class KafkaOutageIT {

    @Test
    void aHoldIsRefusedWithin2sWhileTheBrokerIsDownAndAcceptedOnceItIsBack() throws Exception {
        Path data = Files.createTempDirectory("outage");
        EmbeddedKafka kafka = EmbeddedKafka.start(data, 0);
        int port = kafka.port();
        TopicNames topics = new TopicNames(TestNames.unique("outage"));
        try (Admin admin = Admin.create(Map.<String, Object>of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            TopicCreator.ensure(admin, topics, TopicSettings.defaults().withPartitions(1), 30_000);
        }
        try (Publisher publisher = new Publisher(kafka.bootstrapServers(), Duration.ofSeconds(5), Duration.ofSeconds(5))) {
            publisher.publish(topics.events(), IngressFixture.EVENT, IngressFixture.EVENT, IngressFixture.event())
                    .get(10, TimeUnit.SECONDS);
        }
        IngressSettings settings = IngressSettings.builder(kafka.bootstrapServers()).topics(topics).port(0).adminPort(0).build();
        try (Ingress ingress = Ingress.start(settings)) {
            assertThat(hold(ingress, settings, "S-1").statusCode()).isEqualTo(202);

            kafka.close();
            long start = System.nanoTime();
            HttpResponse<String> refused = hold(ingress, settings, "S-2");
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
            assertThat(refused.body()).contains("service-unavailable");
            assertThat(took).isLessThan(Duration.ofSeconds(2));

            EmbeddedKafka again = EmbeddedKafka.start(data, port);
            try {
                assertThat(again.port()).isEqualTo(port);
                Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                        .until(() -> hold(ingress, settings, "S-3").statusCode() == 202);
            } finally {
                again.close();
            }
        }
    }

    private static HttpResponse<String> hold(Ingress ingress, IngressSettings settings, String seat) throws Exception {
        String token = new io.stagedoor.ingress.auth.BuyerTokens(settings.auth().secretBytes(), settings.auth().tokenIssuer(),
                Clock.systemUTC()).issue("8812", Duration.ofMinutes(5));
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        return http.send(HttpRequest.newBuilder(IngressFixture.uri(ingress, "/v1/events/" + IngressFixture.EVENT + "/holds"))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString("{\"seats\":[\"" + seat + "\"]}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
