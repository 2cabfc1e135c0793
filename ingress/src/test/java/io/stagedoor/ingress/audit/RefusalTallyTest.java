package io.stagedoor.ingress.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.stagedoor.topics.AdmissionRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RefusalTallyTest {

    private static final long SECOND = 1_800_000_000_000L;

    private final List<AdmissionRecord> written = new CopyOnWriteArrayList<>();

    @Test
    void repeatedRefusalsOfOneKeyInOneSecondBecomeOneRecordThatCountsThem() {
        try (RefusalTally tally = new RefusalTally(written::add, 10, () -> SECOND, false)) {
            for (int i = 0; i < 1_000; i++) {
                refuse(tally, "buyer-1", SECOND + i % 1_000);
            }
            tally.flushBefore(SECOND + 1_000);
        }
        assertThat(written).singleElement().satisfies(record -> {
            assertThat(record.count()).isEqualTo(1_000);
            assertThat(record.clockMillis()).isEqualTo(SECOND);
            assertThat(record.key()).isEqualTo("buyer-1");
        });
    }

    @Test
    void onlySecondsThatEndedAreWrittenByAFlush() {
        try (RefusalTally tally = new RefusalTally(written::add, 10, () -> SECOND, false)) {
            refuse(tally, "buyer-1", SECOND + 999);
            refuse(tally, "buyer-1", SECOND + 1_000);
            refuse(tally, "buyer-1", SECOND + 1_001);

            tally.flushBefore(SECOND + 1_500);

            assertThat(written).extracting(AdmissionRecord::count).containsExactly(1L);
            assertThat(tally.size()).isEqualTo(1);
        }
        assertThat(written).extracting(AdmissionRecord::count).containsExactly(1L, 2L);
    }

    @Test
    void pastItsBoundTheTallyWritesEachRefusalOnItsOwnAndStillCountsEveryOne() {
        try (RefusalTally tally = new RefusalTally(written::add, 3, () -> SECOND, false)) {
            for (int round = 0; round < 5; round++) {
                for (int buyer = 0; buyer < 10; buyer++) {
                    refuse(tally, "buyer-" + buyer, SECOND + round);
                }
            }
            assertThat(tally.size()).isEqualTo(3);
            assertThat(written).hasSize(7 * 5).allSatisfy(record -> assertThat(record.count()).isEqualTo(1));
        }
        assertThat(written.stream().mapToLong(AdmissionRecord::count).sum()).isEqualTo(50);
    }

    // Pins down the interleaving of refusals counted on many threads while flushes remove the tallies of the
    // seconds that ended (a refusal stamped just before a second ends may be counted after its tally was written):
    // no refusal may be lost or counted twice. Then the periodic flush alone writes the last second out.
    @Test
    void refusalsCountedWhileFlushesRunAreEachCountedOnce() throws Exception {
        AtomicLong clock = new AtomicLong(SECOND);
        int refusals = 40_000;
        try (RefusalTally tally = new RefusalTally(written::add, 1_000, clock::get, true)) {
            try (ExecutorService threads = Executors.newFixedThreadPool(4)) {
                for (int t = 0; t < 4; t++) {
                    int thread = t;
                    threads.submit(() -> {
                        for (int i = 0; i < refusals / 4; i++) {
                            refuse(tally, "buyer-" + (i + thread) % 7, clock.addAndGet(1));
                        }
                    });
                }
                threads.shutdown();
                while (!threads.isTerminated()) {
                    tally.flushBefore(clock.get());
                }
            }
            clock.addAndGet(1_000);
            await().atMost(Duration.ofSeconds(10)).until(() -> tally.size() == 0);
        }
        assertThat(written.stream().mapToLong(AdmissionRecord::count).sum()).isEqualTo(refusals);
        assertThat(written).hasSizeLessThan(refusals / 10);
    }

    private static void refuse(RefusalTally tally, String buyer, long nowMillis) {
        tally.count("buyer-seats", buyer, "holds", nowMillis, () -> new AdmissionRecord("buyer-seats", buyer,
                AdmissionRecord.REFUSED, "refusal_cache", 1, 0, 6, 10, 1, 6_000, nowMillis, "holds", null,
                Instant.ofEpochMilli(nowMillis)));
    }
}
