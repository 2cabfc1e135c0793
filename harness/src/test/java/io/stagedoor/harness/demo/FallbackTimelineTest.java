package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class FallbackTimelineTest {

    private static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");

    private static Instant at(double seconds) {
        return T0.plusMillis((long) (seconds * 1000));
    }

    @Test
    void incrementsBetweenReadingsOutsideTheWindowCountAsRedisUp() {
        FallbackTimeline timeline = new FallbackTimeline();
        timeline.record(at(0), 0);
        timeline.record(at(0.5), 7);
        timeline.record(at(1.0), 9);
        timeline.record(at(5.0), 9);
        timeline.record(at(5.5), 40);
        timeline.record(at(9.0), 41);

        FallbackTimeline.Split split = timeline.split(at(5.2), at(8.0));

        assertThat(split.whileUp()).isEqualTo(9);
        assertThat(split.inWindow()).isEqualTo(32);
        assertThat(split.upFrom()).isEqualTo(at(0));
        assertThat(split.upTo()).isEqualTo(at(1.0));
    }

    @Test
    void anIntervalThatTouchesTheWindowAtAllCountsInIt() {
        FallbackTimeline timeline = new FallbackTimeline();
        timeline.record(at(0), 0);
        timeline.record(at(2.0), 5);
        timeline.record(at(4.0), 11);

        // The window starts inside the first interval and ends inside the second: both count in it.
        assertThat(timeline.split(at(1.9), at(2.1))).isEqualTo(new FallbackTimeline.Split(0, 11));
        assertThat(timeline.split(at(1.9), at(2.1)).upFrom()).isNull();
    }

    @Test
    void withoutAWindowEverythingCountsAsRedisUpAndAnOpenWindowRunsToTheEnd() {
        FallbackTimeline timeline = new FallbackTimeline();
        timeline.record(at(0), 3);
        timeline.record(at(1), 4);
        timeline.record(at(2), 10);

        assertThat(timeline.split(null, null)).isEqualTo(new FallbackTimeline.Split(7, 0, at(0), at(2)));
        assertThat(timeline.split(at(1.5), null)).isEqualTo(new FallbackTimeline.Split(1, 6, at(0), at(1)));
    }
}
