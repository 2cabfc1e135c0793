package io.stagedoor.client;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that moves only when told, and a sleeper that moves it instead of waiting (recording each sleep). */
final class FakeTime extends Clock {

    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-11-30T19:00:00Z"));
    private final List<Duration> sleeps = new CopyOnWriteArrayList<>();

    void advance(Duration by) {
        now.updateAndGet(at -> at.plus(by));
    }

    /** Sleeps that pass exactly the time asked. */
    Sleeper sleeper() {
        return scaledSleeper(1.0);
    }

    /** Sleeps that pass {@code fraction} of the time asked: a broken sleeper, for the honoured check. */
    Sleeper scaledSleeper(double fraction) {
        return wait -> {
            sleeps.add(wait);
            advance(Duration.ofNanos((long) (wait.toNanos() * fraction)));
            return CompletableFuture.completedFuture(null);
        };
    }

    List<Duration> sleeps() {
        return List.copyOf(sleeps);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now.get();
    }
}
