package io.stagedoor.ingress.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class ResultsViewTest {

    private final ResultsView view = new ResultsView(Duration.ofMinutes(10), 1_000, 100);

    private static Result held(String correlationId) {
        return new Result(correlationId, "b1", ResultStatus.HELD, null, "concert", "hold-" + correlationId,
                List.of("A-1"), Instant.now().plusSeconds(600), null, List.of(), Instant.now(), Instant.now());
    }

    @Test
    void aWaitingPollsAnswerIsMadeOffTheFollowerThreadSoASlowOneHoldsNoLaterResultBack() throws Exception {
        CountDownLatch slowAnswer = new CountDownLatch(1);
        CompletableFuture<Thread> firstAnsweredOn = view.await("c-1", Duration.ofSeconds(30))
                .thenApply(result -> {
                    await(slowAnswer);
                    return Thread.currentThread();
                });
        CompletableFuture<Optional<Result>> second = view.await("c-2", Duration.ofSeconds(30));

        Thread follower = Thread.ofPlatform().daemon().name("follow-results").start(() -> {
            view.accept(held("c-1"));
            view.accept(held("c-2"));
        });

        // The second result reaches its poll while the first poll's answer is still being made.
        assertThat(second.get(5, TimeUnit.SECONDS)).hasValueSatisfying(result ->
                assertThat(result.correlationId()).isEqualTo("c-2"));
        follower.join(TimeUnit.SECONDS.toMillis(5));
        assertThat(follower.isAlive()).isFalse();
        slowAnswer.countDown();
        assertThat(firstAnsweredOn.get(5, TimeUnit.SECONDS)).isNotSameAs(follower)
                .satisfies(thread -> assertThat(thread.isVirtual()).isTrue());
    }

    @Test
    void aPollWhoseWaitRunsOutIsAnsweredEmptyAndLeavesNoWaiter() throws Exception {
        assertThat(view.await("c-3", Duration.ofMillis(50)).get(5, TimeUnit.SECONDS)).isEmpty();
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> view.waiting() == 0);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
