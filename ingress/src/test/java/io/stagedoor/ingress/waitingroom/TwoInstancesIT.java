package io.stagedoor.ingress.waitingroom;

import io.stagedoor.testsupport.FakeClock;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.testsupport.RealServers;
import io.stagedoor.testsupport.TestNames;
import io.stagedoor.topics.json.Json;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Two ingress instances behind one balancer share one queue in the real Redis. */
class TwoInstancesIT {

    private static final Instant NOW = Instant.parse("2026-12-01T19:00:00Z");
    private static final int BUYERS = 1_000;

    @Test
    void aThousandBuyersJoiningConcurrentlyGetUniquePositionsAndAreAdmittedInOrderOnce() throws Exception {
        FakeClock clock = new FakeClock(NOW);
        EventCatalog catalog = new EventCatalog();
        String eventId = TestNames.unique("two-instances");
        catalog.put(RoomServer.event(eventId, true, 50, NOW));
        var topics = RoomServer.topics();
        try (RoomServer one = new RoomServer(catalog, topics, RealServers.redisUri(), clock, 2);
             RoomServer two = new RoomServer(catalog, topics, RealServers.redisUri(), clock, 2)) {
            RoomServer[] instances = {one, two};
            Map<String, String> tickets = new HashMap<>();
            Map<String, Long> positions = new HashMap<>();
            try (ExecutorService threads = Executors.newFixedThreadPool(32)) {
                Map<String, Future<HttpResponse<String>>> joins = new HashMap<>();
                for (int i = 0; i < BUYERS; i++) {
                    String buyer = "buyer-" + i;
                    RoomServer instance = instances[i % 2];
                    joins.put(buyer, threads.submit(() -> instance.join(eventId, buyer)));
                }
                for (var join : joins.entrySet()) {
                    JsonNode body = Json.mapper().readTree(join.getValue().get().body());
                    tickets.put(join.getKey(), body.get("ticket").asText());
                    positions.put(join.getKey(), body.get("position").asLong());
                }
            }
            assertThat(tickets.values()).noneMatch(ticket -> ticket.startsWith("local-"));
            assertThat(positions.values()).doesNotHaveDuplicates().allMatch(p -> p >= 1 && p <= BUYERS);

            // 10 s at 50 per second reach positions 1..500: each buyer asks the instance they did not join through.
            clock.advance(Duration.ofSeconds(10));
            List<String> passes = new ArrayList<>();
            int asked = 0;
            for (var buyer : tickets.entrySet()) {
                JsonNode body = Json.mapper().readTree(instances[asked++ % 2].look(eventId, buyer.getKey(), buyer.getValue()).body());
                boolean admitted = body.get("status").asText().equals("admitted");
                assertThat(admitted).as("position %d", positions.get(buyer.getKey()))
                        .isEqualTo(positions.get(buyer.getKey()) <= 500);
                if (admitted) {
                    passes.add(body.get("pass").asText());
                }
            }
            clock.advance(Duration.ofSeconds(10));
            for (var buyer : tickets.entrySet()) {
                JsonNode body = Json.mapper().readTree(instances[asked++ % 2].look(eventId, buyer.getKey(), buyer.getValue()).body());
                assertThat(body.get("status").asText()).isEqualTo("admitted");
            }
            JsonNode room = Json.mapper().readTree(one.admin("GET", eventId, null, RoomServer.ADMIN_KEY).body());
            // Admitted counts first collections only: asking again admits nobody twice.
            assertThat(room.get("admitted").asLong()).isEqualTo(BUYERS);
            assertThat(room.get("joined").asLong()).isEqualTo(BUYERS);
            assertThat(room.get("source").asText()).isEqualTo("redis");
            assertThat(passes).hasSize(500).doesNotHaveDuplicates();
        }
    }
}
