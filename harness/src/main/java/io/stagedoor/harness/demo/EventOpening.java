package io.stagedoor.harness.demo;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.WaitingRoomSettings;
import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.topics.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

/**
 * Puts the demo event on sale: its definition with the waiting room on, at the demo's entry rate, opening
 * {@code opensIn} from now, with the demo's seat cap per buyer, written to the events topic; returns once the
 * ingress serves that definition.
 */
final class EventOpening {

    /** The longest the ingress may take to read a new definition. */
    static final Duration VISIBLE_WITHIN = Duration.ofSeconds(30);
    /** Between two looks at the event while waiting for it. */
    static final Duration LOOK_EVERY = Duration.ofMillis(100);

    private EventOpening() {
    }

    /**
     * Defines the event through {@code kafka}, the pipeline's, and returns when its room opens, once the ingress at
     * {@code base} serves the new definition.
     */
    static Instant define(KafkaConnection kafka, TopicNames topics, HttpClient http, URI base, DemoSettings settings)
            throws InterruptedException {
        Instant opensAt = Instant.now().plus(settings.opensIn()).plusSeconds(1);
        EventDefinition standard = DemoEvent.definition(true, opensAt, settings.maxSeatsPerBuyer());
        EventDefinition event = new EventDefinition(standard.eventId(), standard.name(), standard.organizerId(),
                opensAt, standard.seats(), standard.priceCents(), room(settings, opensAt), standard.maxSeatsPerBuyer());
        publish(kafka, topics, http, base, event);
        return opensAt;
    }

    /**
     * Writes {@code event} through {@code kafka} and returns once the ingress at {@code base} serves it, its room
     * opening at the definition's time.
     */
    static void publish(KafkaConnection kafka, TopicNames topics, HttpClient http, URI base, EventDefinition event)
            throws InterruptedException {
        Pipeline.publishEvent(kafka, topics, event);
        awaitServed(http, base.resolve("/v1/events/" + event.eventId()), event.waitingRoom().opensAt());
    }

    /**
     * The demo event's waiting room: on, opening at {@code opensAt}, starting at the demo's entry rate, with the
     * demo's cap on active buyers; with
     * {@link DemoSettings#entryLoop()} the rate then follows the pipeline's headroom between a tenth of it (at least
     * one buyer a second) and five times it.
     */
    static WaitingRoomSettings room(DemoSettings settings, Instant opensAt) {
        WaitingRoomSettings room = new WaitingRoomSettings(true, settings.entryRate(), opensAt,
                WaitingRoomSettings.DEFAULT_PASS_LIFETIME, settings.maxActive());
        return settings.entryLoop()
                ? room.withEntryLoop(Math.max(1, settings.entryRate() / 10), settings.entryRate() * 5)
                : room;
    }

    /** Looks at the event until its room opens at {@code opensAt}: polling an HTTP route, there is no callback. */
    private static void awaitServed(HttpClient http, URI eventUri, Instant opensAt) throws InterruptedException {
        long deadline = System.nanoTime() + VISIBLE_WITHIN.toNanos();
        HttpRequest look = HttpRequest.newBuilder(eventUri).timeout(Duration.ofSeconds(5)).GET().build();
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> response = http.send(look, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    JsonNode room = Json.mapper().readTree(response.body()).path("waitingRoom");
                    if (room.path("enabled").asBoolean()
                            && opensAt.equals(Instant.parse(room.path("opensAt").asText("1970-01-01T00:00:00Z")))) {
                        return;
                    }
                }
            } catch (IOException notYet) {
                // the ingress is starting or busy: look again
            }
            Thread.sleep(LOOK_EVERY);
        }
        throw new IllegalStateException(HarnessMessages.eventDefinitionNotServed(eventUri, VISIBLE_WITHIN));
    }
}
