package io.stagedoor.bench.overload;

import io.stagedoor.bench.load.BenchPipeline;
import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.HttpLoad;
import io.stagedoor.harness.load.Tally;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Live holds to check out, made through the real hold route before the measurement. A checkout shed with 503 does
 * not touch its hold, so the hold goes back to the pool; an accepted one uses it up.
 */
final class HoldPool {

    private final Queue<PayableHold> free = new ConcurrentLinkedQueue<>();

    /** Makes {@code count} one-seat holds, one buyer each, spread over {@code events}, at 400 holds/s. */
    static HoldPool fill(BenchPipeline pipeline, List<String> events, int count) throws Exception {
        HoldPool pool = new HoldPool();
        Map<String, Integer> held = new ConcurrentHashMap<>();
        BuyerPasses buyers = new BuyerPasses("overload-buyer", count);
        Tally answers = new HttpLoad(BenchPipeline.HOST, pipeline.port(), 32).open(400,
                Duration.ofMillis(count * 1000L / 400),
                index -> pipeline.http().postJson("/v1/events/" + events.get((int) (index % events.size())) + "/holds",
                        buyers.token(index), "{\"seats\":[\"s" + (index / events.size() + 1) + "\"]}"),
                exchange -> {
                    if (exchange.status() == 202) {
                        pipeline.results().expect(exchange.answer().correlationId(), exchange.intended(),
                                (result, intended, arrived) -> {
                                    if (result.succeeded()) {
                                        pool.free.add(new PayableHold(result.holdId(), buyers.token(exchange.index())));
                                        held.merge(events.get((int) (exchange.index() % events.size())), 1,
                                                Integer::sum);
                                    }
                                });
                    }
                });
        pipeline.results().awaitAll(Duration.ofSeconds(30));
        pipeline.awaitHeldSeats(held, Duration.ofSeconds(30));
        System.out.printf("prepared %d live holds (hold answers: %s)%n", pool.size(), answers.statuses());
        return pool;
    }

    PayableHold take() {
        return free.poll();
    }

    void giveBack(PayableHold hold) {
        free.add(hold);
    }

    int size() {
        return free.size();
    }
}
