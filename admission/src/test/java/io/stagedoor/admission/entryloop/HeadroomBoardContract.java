package io.stagedoor.admission.entryloop;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** What every {@link HeadroomBoard} promises, run against each implementation. */
abstract class HeadroomBoardContract {

    /** A board of its own for each test, on {@code now} as its clock. */
    abstract HeadroomBoard board(long[] now);

    @Test
    void sumsTheFreshReadingsOfEveryInstance() throws Exception {
        long[] now = {1_000_000};
        HeadroomBoard board = board(now);
        board.share("a", new Headroom(8, 20, 10, 300, 5, 1), now[0]).toCompletableFuture().get(5, TimeUnit.SECONDS);
        Headroom sum = board.share("b", new Headroom(7, 20, 40, 100, 60, 1), now[0])
                .toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertThat(sum).isEqualTo(new Headroom(15, 40, 40, 300, 60, 2));
    }

    @Test
    void anInstanceThatStoppedReportingDropsOut() throws Exception {
        long[] now = {1_000_000};
        HeadroomBoard board = board(now);
        board.share("gone", new Headroom(20, 20, 9_000, 5_000, 500, 1), now[0])
                .toCompletableFuture().get(5, TimeUnit.SECONDS);
        now[0] += HeadroomBoard.FRESH_FOR.toMillis() + 1;
        Headroom sum = board.share("here", new Headroom(1, 20, 0, 0, 0, 1), now[0])
                .toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertThat(sum).isEqualTo(new Headroom(1, 20, 0, 0, 0, 1));
    }

    /** Many instances' loops claim the same event's step at once: exactly one takes it. */
    @RepeatedTest(5)
    void oneClaimantTakesAnEventsStep() throws Exception {
        HeadroomBoard board = board(new long[] {1_000_000});
        String event = TestNames.unique("claimed");
        int instances = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(instances);
        try {
            List<Future<Boolean>> claims = new ArrayList<>();
            for (int i = 0; i < instances; i++) {
                String instance = "instance-" + i;
                Callable<Boolean> claim = () -> {
                    start.await();
                    return board.claimStep(event, instance, Duration.ofSeconds(30)).toCompletableFuture()
                            .get(5, TimeUnit.SECONDS);
                };
                claims.add(pool.submit(claim));
            }
            start.countDown();
            long granted = 0;
            for (Future<Boolean> claim : claims) {
                granted += claim.get(10, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertThat(granted).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void keepsTheLastStepsOldestFirst() throws Exception {
        HeadroomBoard board = board(new long[] {1_000_000});
        String event = TestNames.unique("plotted");
        for (int i = 0; i < HeadroomBoard.STEPS_KEPT + 5; i++) {
            board.remember(event, new PlottedStep(i, 10 + i, RateMove.HEADROOM)).toCompletableFuture()
                    .get(5, TimeUnit.SECONDS);
        }
        List<PlottedStep> steps = board.steps(event).toCompletableFuture().get(5, TimeUnit.SECONDS);
        assertThat(steps).hasSize(HeadroomBoard.STEPS_KEPT);
        assertThat(steps.getFirst()).isEqualTo(new PlottedStep(5, 15, RateMove.HEADROOM));
        assertThat(steps.getLast().atMillis()).isEqualTo(HeadroomBoard.STEPS_KEPT + 4);
    }
}
