package io.stagedoor.workers;

import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import io.stagedoor.workers.payment.PaymentLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Many buyers holding one seat each and paying for it, spread over several events (several partitions). */
final class CheckoutLoad {

    static final int EVENTS = 4;

    private final TestPipeline pipeline;
    final List<String> checkouts = new ArrayList<>();

    CheckoutLoad(TestPipeline pipeline) {
        this.pipeline = pipeline;
    }

    /** Defines the events, holds {@code buyers} seats and waits until every hold is granted. */
    List<Result> holdSeats(int buyers) {
        for (int e = 0; e < EVENTS; e++) {
            pipeline.event("ev" + e, buyers / EVENTS + 1);
        }
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < buyers; i++) {
            ids.add(pipeline.hold("ev" + (i % EVENTS), "b" + i, List.of("s" + (1 + i / EVENTS))));
        }
        List<Result> held = new ArrayList<>();
        for (String id : ids) {
            Result result = pipeline.awaitResult(id);
            assertThat(result.status()).isEqualTo(ResultStatus.HELD);
            held.add(result);
        }
        return held;
    }

    void checkOut(List<Result> held) {
        for (Result hold : held) {
            checkouts.add(pipeline.checkout(hold.eventId(), hold.holdId(), hold.owner(), "tok_ok").correlationId());
        }
    }

    long answered() {
        return checkouts.stream().filter(pipeline.results::containsKey).count();
    }

    void awaitAllAnswered(Duration atMost) {
        await().atMost(atMost).pollInterval(Duration.ofMillis(200)).until(() -> answered() == checkouts.size());
        // Results of one partition arrive in order: once these are in, any duplicate before them is too.
        for (int e = 0; e < EVENTS; e++) {
            pipeline.awaitResult(pipeline.hold("ev" + e, "marker", List.of("s1")));
        }
    }

    /**
     * Every checkout has exactly one result; the ledger kept exactly the confirmed checkouts' money, charged
     * nobody twice; no seat was sold twice.
     */
    void assertExactlyOnce(PaymentLedger ledger) {
        Set<String> confirmed = new HashSet<>();
        for (String id : checkouts) {
            List<Result> results = pipeline.results.get(id);
            assertThat(results).as("results of checkout %s", id).hasSize(1);
            if (results.getFirst().status() == ResultStatus.CONFIRMED) {
                confirmed.add(id);
            }
        }
        // A charge that outlived its checkout is voided after the result (the inventory asks the pool to void it),
        // so the ledger settles a little after the last result; under load that can take seconds.
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).untilAsserted(() -> {
            PaymentLedger.Snapshot snapshot = ledger.snapshot();
            assertThat(snapshot.doubleCharged()).isEmpty();
            assertThat(snapshot.kept()).containsExactlyInAnyOrderElementsOf(
                    confirmed.stream().map(pipeline::paymentKey).toList());
        });
        Map<String, Integer> salesPerSeat = new HashMap<>();
        for (SeatChange change : pipeline.seatChanges) {
            if (change.status() == SeatStatus.SOLD) {
                for (String seat : change.seats()) {
                    salesPerSeat.merge(change.eventId() + "/" + seat, 1, Integer::sum);
                }
            }
        }
        assertThat(salesPerSeat.values()).allMatch(count -> count == 1);
        assertThat(salesPerSeat).hasSize(confirmed.size());
    }
}
