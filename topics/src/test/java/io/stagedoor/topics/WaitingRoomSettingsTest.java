package io.stagedoor.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.topics.json.Json;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What an event's room definition accepts, and what a definition written before a field existed reads as. */
class WaitingRoomSettingsTest {

    private static final List<String> METHODS = List.of("fifo", "random", "passthrough", "reject");

    @Test
    void aDefinitionWithoutTheNewFieldsIsAnUncappedFirstComeFirstServedRoom() {
        WaitingRoomSettings room = Json.read(
                "{\"enabled\":true,\"entryRatePerSecond\":50,\"passLifetime\":\"PT15M\"}".getBytes(StandardCharsets.UTF_8),
                WaitingRoomSettings.class);
        assertThat(room.maxActive()).isZero();
        assertThat(room.queueing()).isEqualTo(WaitingRoomSettings.FIFO);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fifo", "RANDOM", "Passthrough", "reject"})
    void everyQueueingMethodIsAcceptedInAnyCase(String method) {
        WaitingRoomSettings room = new WaitingRoomSettings(true, 5, Instant.EPOCH, Duration.ofMinutes(1), 0, method, null);
        assertThat(METHODS).contains(room.queueing());
    }

    @ParameterizedTest
    @ValueSource(strings = {"lifo", "", "first-come"})
    void anUnknownQueueingMethodIsRefusedNamingTheKnownOnes(String method) {
        assertThatThrownBy(() -> new WaitingRoomSettings(true, 5, Instant.EPOCH, Duration.ofMinutes(1), 0, method, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(TopicsMessages.unknownQueueing(method, METHODS));
    }

    @Test
    void aPreQueueAfterTheOpeningIsRefusedAndAnAbsentOneIsAnyTime() {
        Instant opens = Instant.parse("2026-12-01T19:00:00Z");
        assertThatThrownBy(() -> new WaitingRoomSettings(true, 5, opens, Duration.ofMinutes(1), 0, "fifo",
                opens.plusSeconds(1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(TopicsMessages.preQueueAfterOpening(opens.plusSeconds(1), opens));
        assertThat(new WaitingRoomSettings(true, 5, opens, Duration.ofMinutes(1)).preQueueAt()).isEqualTo(Instant.EPOCH);
    }

    @Test
    void aNegativeCapIsRefused() {
        assertThatThrownBy(() -> new WaitingRoomSettings(true, 5, Instant.EPOCH, Duration.ofMinutes(1), -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(TopicsMessages.maxActiveNegative(-1));
    }
}
