package io.stagedoor.workers;

import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.workers.launch.Workers;
import io.stagedoor.workers.payment.SimulatedGateway;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Many buyers racing for the same seats. */
class ConcurrentHoldsIT {

    @Test
    void fiveHundredConcurrentHoldsOnAHundredSeatsNeverHoldASeatTwiceAndEachGetsOneResult() throws Exception {
        try (TestPipeline pipeline = new TestPipeline("race");
             Workers workers = Workers.start(pipeline.settings().withRoles(Set.of(WorkerRole.INVENTORY)),
                     SimulatedGateway.withDefaults())) {
            pipeline.event("race", 100);
            assertThat(workers.awaitReady(Duration.ofSeconds(60))).isTrue();

            // 50 buyers x 10 requests of 1-4 random seats each, from 10 producer threads at once: every seat is
            // asked for by several buyers, and their requests interleave on the one partition of the event.
            Random random = new Random(7);
            List<Future<String>> sent = new ArrayList<>();
            try (ExecutorService senders = Executors.newFixedThreadPool(10)) {
                for (int i = 0; i < 500; i++) {
                    String buyer = "buyer-" + (i % 50);
                    List<String> seats = random.ints(1 + random.nextInt(4), 1, 101).distinct()
                            .mapToObj(n -> "s" + n).toList();
                    sent.add(senders.submit(() -> pipeline.hold("race", buyer, seats)));
                }
            }
            List<String> ids = new ArrayList<>();
            for (Future<String> id : sent) {
                ids.add(id.get());
            }
            await().atMost(Duration.ofSeconds(90)).until(() -> ids.stream().allMatch(pipeline.results::containsKey));
            // Results of one partition arrive in order: once this one is in, any duplicate would be too.
            pipeline.awaitResult(pipeline.hold("race", "late", List.of("s1")));

            Map<String, String> holderOfSeat = new HashMap<>();
            int held = 0;
            for (String id : ids) {
                List<Result> results = pipeline.results.get(id);
                assertThat(results).as("results of %s", id).hasSize(1);
                Result result = results.getFirst();
                if (result.status() == ResultStatus.HELD) {
                    held++;
                    for (String seat : result.seats()) {
                        String before = holderOfSeat.put(seat, result.holdId());
                        assertThat(before).as("seat %s held by %s and %s", seat, before, result.holdId()).isNull();
                    }
                } else {
                    assertThat(result.status()).isEqualTo(ResultStatus.REJECTED);
                }
            }
            assertThat(held).isPositive();
            assertThat(holderOfSeat.size()).isLessThanOrEqualTo(100);
        }
    }
}
