package io.stagedoor.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.admission.limit.Limits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The configuration file's limits apply without a restart: a changed limit line reaches the ingress, a line that
 * does not read changes nothing, and a change to any other setting waits for the next start.
 */
class LimitsWatchTest {

    private final List<Limits> applied = new CopyOnWriteArrayList<>();

    @Test
    void aLimitAddedToTheFileIsAppliedAndABadLineKeepsTheLimitsInForce() throws Exception {
        Path file = file("ingress.max-in-flight=300\n");
        try (LimitsWatch watch = watch(file, Duration.ofHours(1))) {
            write(file, "ingress.max-in-flight=300\nlimits.event-holds=5,5,PT1S per event on holds\n");
            watch.check();
            assertThat(applied).singleElement().satisfies(limits -> assertThat(limits.declares("event-holds")).isTrue());

            write(file, "ingress.max-in-flight=300\nlimits.event-holds=5,5 per event on holds\n");
            watch.check();
            write(file, "ingress.max-in-flight=300\nlimits.buyer-seats=4,1,PT6S\n");
            watch.check();
            assertThat(applied).as("a bad line, then a seat limit below the per-hold cap: nothing applied").hasSize(1);

            write(file, "ingress.max-in-flight=300\n");
            watch.check();
            assertThat(applied).hasSize(2);
            assertThat(applied.get(1).declares("event-holds")).as("the line removed, the limit gone").isFalse();
        }
    }

    @Test
    void aChangeToAnotherSettingAppliesNoLimits() throws Exception {
        Path file = file("ingress.max-in-flight=300\n");
        try (LimitsWatch watch = watch(file, Duration.ofHours(1))) {
            write(file, "ingress.max-in-flight=500\n");
            watch.check();
            watch.check();
        }
        assertThat(applied).isEmpty();
    }

    @Test
    void theWatchNoticesTheFileByItself() throws Exception {
        Path file = file("");
        try (LimitsWatch ignored = watch(file, Duration.ofMillis(20))) {
            write(file, "limits.buyer-checkouts=9,1,PT10S\n");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (applied.isEmpty() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
            }
        }
        assertThat(applied).singleElement()
                .satisfies(limits -> assertThat(limits.policy("buyer-checkouts").capacity()).isEqualTo(9));
    }

    private LimitsWatch watch(Path file, Duration every) {
        return LimitsWatch.start(file, load(file), () -> load(file), applied::add, every);
    }

    private static StagedoorConfig load(Path file) {
        return StagedoorConfig.load(file, Map.of(), List.of());
    }

    private static Path file(String text) throws Exception {
        Path file = Files.createTempFile("limits-watch", ".properties");
        Files.writeString(file, text);
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(60)));
        return file;
    }

    /** Writes and moves the modification time on, as an editor's save a second later would. */
    private static void write(Path file, String text) throws Exception {
        FileTime before = Files.getLastModifiedTime(file);
        Files.writeString(file, text);
        Files.setLastModifiedTime(file, FileTime.fromMillis(before.toMillis() + 1_000));
    }
}
