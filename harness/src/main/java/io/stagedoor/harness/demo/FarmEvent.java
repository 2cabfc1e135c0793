package io.stagedoor.harness.demo;

import io.stagedoor.harness.DemoEvent;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.JoinPuzzleSettings;
import io.stagedoor.topics.LaneSettings;
import io.stagedoor.topics.ParkingSettings;
import io.stagedoor.topics.PresaleSettings;
import io.stagedoor.topics.WaitingRoomSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The fans-before-bots demo's event: the demo's house, its room with a presale (registration now, the lottery at its
 * end, codes for a share of the registrants, the whole sale a presale), a fan-club lane with its share of the entry
 * rate, a join puzzle and the parked lane's rules at their defaults.
 */
final class FarmEvent {

    static final String EVENT_ID = "stagedoor-fans-first";
    static final String FAN_CLUB = "fan-club";
    static final String EVERYONE = "everyone";
    /** Seats one account may hold: what each of the farm's admitted accounts takes. */
    static final int MAX_SEATS_PER_BUYER = 4;

    private FarmEvent() {
    }

    /**
     * When things happen: registration from {@code registerFrom} to {@code drawAt}, when the lottery runs; the room
     * opens at {@code opensAt}; winners' unused codes pass to the wait-list at {@code codesUsedBy}.
     */
    record Timeline(Instant registerFrom, Instant drawAt, Instant opensAt, Instant codesUsedBy) {

        /** Registration for {@code registerFor} from now, the room open {@code drawToOpening} after the draw. */
        static Timeline from(Instant now, Duration registerFor, Duration drawToOpening) {
            Instant drawAt = now.plus(registerFor);
            Instant opensAt = drawAt.plus(drawToOpening);
            return new Timeline(now, drawAt, opensAt, opensAt.plus(Duration.ofMinutes(10)));
        }
    }

    static EventDefinition definition(FarmSettings settings, Timeline timeline, List<String> fanClub) {
        int codes = (int) Math.max(1, Math.round(settings.codesShare() * (settings.fans() + settings.accounts())));
        WaitingRoomSettings room = new WaitingRoomSettings(true, settings.entryRate(), timeline.opensAt(),
                WaitingRoomSettings.DEFAULT_PASS_LIFETIME)
                .withPresale(new PresaleSettings(timeline.registerFrom(), timeline.drawAt(), timeline.drawAt(), codes,
                        timeline.codesUsedBy(), null))
                .withLanes(List.of(new LaneSettings(FAN_CLUB, settings.fanClubShare(), fanClub, null),
                        new LaneSettings(EVERYONE, 1 - settings.fanClubShare(), null, null)))
                .withJoinPuzzle(new JoinPuzzleSettings(settings.puzzleBits(), Duration.ofMinutes(2), null, null))
                .withParking(ParkingSettings.defaults());
        return new EventDefinition(EVENT_ID, "Stagedoor Fans First", DemoEvent.ORGANIZER_ID, timeline.opensAt(),
                DemoEvent.seats(), DemoEvent.PRICE_CENTS, room, MAX_SEATS_PER_BUYER);
    }
}
