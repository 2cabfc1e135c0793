package io.stagedoor.bench.herd.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.bench.gateway.IngressProcess;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.WaitingRoomSettings;
import io.stagedoor.topics.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

/**
 * What an operator does to the run's event: defines it with its room on (writes it to the events topic and waits
 * until every ingress serves it), pauses and resumes entry ({@code PUT /v1/admin/events/{id}/waiting-room} on an admin
 * listener with the development operator key) and reads the room's status there.
 */
final class RoomOperator {

    private static final Duration DEFINE_TIMEOUT = Duration.ofSeconds(60);

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final String kafka;
    private final List<IngressProcess> ingresses;
    private final String queueing;

    /** @param queueing how every room this defines queues ({@code fifo} or {@code random}) */
    RoomOperator(String kafka, List<IngressProcess> ingresses, String queueing) {
        this.kafka = kafka;
        this.ingresses = ingresses;
        this.queueing = queueing;
    }

    /**
     * Defines {@code eventId} with {@code seatCount} seats ({@code s1…}) and a room of {@code rate} buyers a second
     * that opens now, and waits until every ingress serves it.
     */
    void define(String eventId, double rate, int seatCount) throws IOException, InterruptedException {
        List<String> seats = IntStream.rangeClosed(1, seatCount).mapToObj(i -> "s" + i).toList();
        WaitingRoomSettings room = new WaitingRoomSettings(true, rate, Instant.now(),
                WaitingRoomSettings.DEFAULT_PASS_LIFETIME).withQueueing(queueing);
        Pipeline.publishEvent(kafka, TopicNames.defaults(),
                new EventDefinition(eventId, "Herd " + eventId, "org-" + eventId, Instant.EPOCH, seats, 5_000, room));
        long deadline = System.nanoTime() + DEFINE_TIMEOUT.toNanos();
        for (IngressProcess ingress : ingresses) {
            URI event = URI.create("http://" + IngressProcess.HOST + ":" + ingress.port() + "/v1/events/" + eventId);
            while (http.send(HttpRequest.newBuilder(event).GET().build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode() != 200) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(ingress.server().name() + " never served event " + eventId
                            + " within " + DEFINE_TIMEOUT.toSeconds() + " s");
                }
                Thread.sleep(100);
            }
        }
    }

    /** Pauses ({@code true}) or resumes entry, and checks that the room says so. */
    void pause(String eventId, boolean paused) throws IOException, InterruptedException {
        JsonNode room = send(eventId, HttpRequest.BodyPublishers.ofString("{\"paused\":" + paused + "}"));
        if (room.path("paused").asBoolean() != paused) {
            throw new IllegalStateException("the room of " + eventId + " answered paused="
                    + room.path("paused") + " to paused=" + paused + ": " + room);
        }
    }

    /** The room's status as the first ingress's admin listener shows it. */
    JsonNode status(String eventId) throws IOException, InterruptedException {
        return send(eventId, null);
    }

    private JsonNode send(String eventId, HttpRequest.BodyPublisher put) throws IOException, InterruptedException {
        IngressProcess admin = ingresses.getFirst();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + IngressProcess.HOST + ":"
                        + admin.adminPort() + "/v1/admin/events/" + eventId + "/waiting-room"))
                .header("X-Admin-Key", IngressSettings.DEVELOPMENT_ADMIN_KEY).header("Accept", "application/json");
        if (put != null) {
            request.header("Content-Type", "application/json").PUT(put);
        }
        HttpResponse<byte[]> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("the admin route of " + eventId + " answered " + answer.statusCode() + ": "
                    + new String(answer.body(), java.nio.charset.StandardCharsets.UTF_8));
        }
        return Json.read(answer.body(), JsonNode.class);
    }
}
