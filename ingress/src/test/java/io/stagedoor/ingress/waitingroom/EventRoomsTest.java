package io.stagedoor.ingress.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.LaneSettings;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which lane's room a buyer joins, and each lane room's plan. */
class EventRoomsTest {

    private static final Instant NOW = Instant.parse("2026-12-07T19:00:00Z");

    private static EventDefinition laned(List<LaneSettings> lanes) {
        EventDefinition event = RoomServer.event("ev", true, 100, NOW);
        return event.withWaitingRoom(event.waitingRoom().withMaxActive(50).withLanes(lanes));
    }

    private static final List<LaneSettings> LANES = List.of(
            new LaneSettings("access", 1, List.of("wheelchair-1"), null),
            new LaneSettings("presale", 2, null, true),
            new LaneSettings("everyone", 7, null, null));

    @Test
    void aBuyerJoinsTheFirstLaneWhoseRuleTheyMeetElseTheEventsOwnRoom() {
        EventDefinition event = laned(LANES);
        assertThat(EventRooms.roomFor(event, "wheelchair-1", true)).isEqualTo("ev~access");
        assertThat(EventRooms.roomFor(event, "fan", true)).isEqualTo("ev~presale");
        assertThat(EventRooms.roomFor(event, "fan", false)).isEqualTo("ev");
        EventDefinition plain = RoomServer.event("plain", true, 100, NOW);
        assertThat(EventRooms.roomFor(plain, "wheelchair-1", true)).isEqualTo("plain");
    }

    @Test
    void eachLaneRoomRunsAtItsShareOfTheRateAndOfTheCap() {
        EventDefinition event = laned(LANES);
        assertThat(EventRooms.lanes(event)).extracting(EventRooms.Lane::room)
                .containsExactly("ev", "ev~access", "ev~presale");
        assertThat(EventRooms.configured(event, "ev").rate().perSecond()).isCloseTo(70, within(1e-9));
        assertThat(EventRooms.configured(event, "ev~access").rate().perSecond()).isCloseTo(10, within(1e-9));
        assertThat(EventRooms.configured(event, "ev~access").active().limit()).isEqualTo(5);
        assertThat(EventRooms.configured(RoomServer.event("plain", true, 100, NOW), "plain").rate().perSecond())
                .isEqualTo(100);
    }

    @Test
    void lanesNeedOneForEveryoneElseDistinctNamesAndNoEntryLoopAndNoEventIdNamesALane() {
        assertThatThrownBy(() -> laned(LANES.subList(0, 2))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> laned(List.of(new LaneSettings("a", 1, null, null),
                new LaneSettings("a", 1, List.of("x"), null)))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LaneSettings("Not A Name", 1, null, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> laned(LANES).waitingRoom().withEntryLoop(1, 10))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoomServer.event("ev~access", true, 100, NOW))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
