package io.stagedoor.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.topics.json.Json;
import io.stagedoor.topics.json.JsonSerde;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class RecordJsonTest {

    private static final Instant AT = Instant.parse("2026-11-30T19:00:00Z");

    @Test
    void everyRecordCarriesItsSchemaVersion() {
        HoldRequested hold = new HoldRequested("c1", "e1", "8812", List.of("A-1"), AT);
        String json = new String(Json.write(hold), StandardCharsets.UTF_8);
        assertThat(json).contains("\"v\":1").contains("\"admittedAt\":\"2026-11-30T19:00:00Z\"");
    }

    @Test
    void resultsRoundTripWithLowerCaseStatus() {
        HoldRequested hold = new HoldRequested("c1", "e1", "8812", List.of("A-1", "A-2"), AT);
        Result held = Result.held(hold, "h1", AT.plusSeconds(600), AT.plusMillis(5));
        byte[] bytes = JsonSerde.of(Result.class).serialize("results", held);
        assertThat(new String(bytes, StandardCharsets.UTF_8)).contains("\"status\":\"held\"");
        assertThat(JsonSerde.of(Result.class).deserialize("results", bytes)).isEqualTo(held);
    }

    @Test
    void readersIgnoreFieldsTheyDoNotKnow() {
        String newer = "{\"v\":2,\"eventId\":\"e1\",\"seats\":[\"A-1\"],\"status\":\"sold\",\"holdId\":\"h\","
                + "\"cause\":\"sold\",\"at\":\"2026-11-30T19:00:00Z\",\"colour\":\"red\"}";
        SeatChange change = Json.read(newer.getBytes(StandardCharsets.UTF_8), SeatChange.class);
        assertThat(change.status()).isEqualTo(SeatStatus.SOLD);
    }

    @Test
    void anAdmissionRecordWrittenBeforeCountsExistedStandsForOneDecision() {
        String older = "{\"v\":1,\"limit\":\"buyer-seats\",\"key\":\"8812\",\"outcome\":\"refused\","
                + "\"source\":\"redis\",\"cost\":1,\"retryAfterSeconds\":6,\"at\":\"2026-11-30T19:00:00Z\"}";
        assertThat(Json.read(older.getBytes(StandardCharsets.UTF_8), AdmissionRecord.class).count()).isEqualTo(1);
    }

    @Test
    void anAdmissionRecordKeepsHowManyRefusalsItStandsFor() {
        AdmissionRecord tally = new AdmissionRecord("buyer-seats", "8812", AdmissionRecord.REFUSED, "refusal-cache", 1,
                0, 6, 10, 1, 6_000, AT.toEpochMilli(), "holds", null, AT, 4_999);
        assertThat(Json.read(Json.write(tally), AdmissionRecord.class)).isEqualTo(tally);
        assertThatThrownBy(() -> new AdmissionRecord("buyer-seats", "8812", AdmissionRecord.REFUSED, "redis", 1, 0, 6,
                10, 1, 6_000, AT.toEpochMilli(), "holds", null, AT, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eventDefinitionsDefaultToAClosedWaitingRoom() {
        EventDefinition event = new EventDefinition("e1", null, "org-1", null, List.of("A-1"), 5000, null);
        EventDefinition read = Json.read(Json.write(event), EventDefinition.class);
        assertThat(read.waitingRoom().enabled()).isFalse();
        assertThat(read.waitingRoom().passLifetime()).isEqualTo(Duration.ofMinutes(15));
        assertThat(read.hasSeat("A-1")).isTrue();
    }

    @Test
    void anEventDefinitionWrittenBeforeTheSeatCapExistedAllowsEightSeatsPerBuyer() {
        String older = "{\"v\":1,\"eventId\":\"e1\",\"name\":\"Old\",\"organizerId\":\"org-1\","
                + "\"onSaleAt\":\"2026-11-30T19:00:00Z\",\"seats\":[\"A-1\"],\"priceCents\":5000}";
        EventDefinition read = Json.read(older.getBytes(StandardCharsets.UTF_8), EventDefinition.class);
        assertThat(read.maxSeatsPerBuyer()).isEqualTo(EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER).isEqualTo(8);
    }

    @Test
    void anEventDefinitionKeepsItsSeatCapAndRefusesOneBelowOne() {
        EventDefinition event = new EventDefinition("e1", null, "org-1", null, List.of("A-1"), 5000, null)
                .withMaxSeatsPerBuyer(2);
        assertThat(new String(Json.write(event), StandardCharsets.UTF_8)).contains("\"maxSeatsPerBuyer\":2");
        assertThat(Json.read(Json.write(event), EventDefinition.class)).isEqualTo(event);
        assertThatThrownBy(() -> event.withMaxSeatsPerBuyer(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(TopicsMessages.maxSeatsPerBuyerBelowOne(0));
    }

    @Test
    void anUnreadableRecordIsASerializationException() {
        byte[] garbage = "{not json".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> JsonSerde.of(Result.class).deserialize("results", garbage))
                .isInstanceOf(SerializationException.class)
                .hasMessage(TopicsMessages.unreadableRecord(Result.class, "results"));
    }

    @Test
    void namespacedTopicNamesArePrefixed() {
        assertThat(new TopicNames("t1").holds()).isEqualTo("t1.holds");
        assertThat(TopicNames.defaults().paymentOutcomes()).isEqualTo("payment-outcomes");
        assertThatThrownBy(() -> new TopicNames("a b")).isInstanceOf(IllegalArgumentException.class);
    }
}
