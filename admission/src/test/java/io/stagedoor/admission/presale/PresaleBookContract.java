package io.stagedoor.admission.presale;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.TestNames;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * One suite for every presale book: registrations once each and bounded, one draw and one wait-list pass however many
 * instances race to make them, and each code used once across instances.
 */
abstract class PresaleBookContract {

    /** A book taking at most {@code most} registrations an event. */
    abstract PresaleBook book(int most);

    /** The same book as another instance reaches it. */
    abstract PresaleBook elsewhere(PresaleBook book);

    private final String event = TestNames.unique("presale");

    private static <T> T done(CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    private static PresaleDraw drawUpTo(String upTo) {
        return new PresaleDraw("00ff", 3, 10, upTo, null);
    }

    @Test
    void anAccountRegistersOnceUpToTheBoundAndIsSeenEverywhere() {
        PresaleBook here = book(3);
        PresaleBook there = elsewhere(here);

        assertThat(done(here.register(event, "fan-1"))).isTrue();
        assertThat(done(there.register(event, "fan-1"))).isFalse();
        assertThat(done(there.register(event, "fan-2"))).isTrue();
        assertThat(done(here.register(event, "fan-3"))).isTrue();
        assertThat(done(here.register(event, "fan-4"))).isFalse();
        assertThat(done(there.registered(event, "fan-2"))).isTrue();
        assertThat(done(there.registered(event, "fan-4"))).isFalse();
        assertThat(done(here.registrants(event))).containsExactlyInAnyOrder("fan-1", "fan-2", "fan-3");
        assertThat(done(there.registeredCount(event))).isEqualTo(3);
        assertThat(done(here.registered(event + ":x", "fan-1"))).isFalse();
    }

    @Test
    void theFirstDrawKeptStandsAndTheWaitListIsPassedCodesOnce() {
        PresaleBook here = book(10);
        PresaleBook there = elsewhere(here);
        assertThat(done(here.draw(event))).isEmpty();
        assertThat(done(here.keepWaitList(event, "99")).now()).isFalse();

        PresaleBook.Kept first = done(here.keepDraw(event, drawUpTo("55")));
        PresaleBook.Kept second = done(there.keepDraw(event, drawUpTo("66")));
        assertThat(first.now()).isTrue();
        assertThat(second.now()).isFalse();
        assertThat(second.draw()).isEqualTo(drawUpTo("55"));
        assertThat(done(there.draw(event))).contains(drawUpTo("55"));

        assertThat(done(there.keepWaitList(event, "77")).now()).isTrue();
        PresaleBook.Kept late = done(here.keepWaitList(event, "88"));
        assertThat(late.now()).isFalse();
        assertThat(late.draw()).isEqualTo(drawUpTo("55").withWaitListUpTo("77"));
    }

    /** Two instances race to keep the draw and to use one code many times: one of each wins. */
    @RepeatedTest(3)
    void racingInstancesKeepOneDrawAndUseEachCodeOnce() {
        PresaleBook here = book(10);
        PresaleBook there = elsewhere(here);
        assertThat(race(i -> (i % 2 == 0 ? here : there).keepDraw(event, drawUpTo("5" + i))
                .thenApply(PresaleBook.Kept::now))).isEqualTo(1);
        assertThat(race(i -> (i % 2 == 0 ? here : there).use(event, "fan-1"))).isEqualTo(1);
        assertThat(done(here.used(event))).isEqualTo(1);
        done(there.giveBack(event, "fan-1"));
        assertThat(done(here.used(event))).isZero();
        assertThat(done(here.use(event, "fan-1"))).isTrue();
    }

    private static long race(Function<Integer, CompletionStage<Boolean>> call) {
        ExecutorService threads = Executors.newFixedThreadPool(16);
        try {
            List<CompletableFuture<Boolean>> calls = new ArrayList<>();
            for (int i = 0; i < 48; i++) {
                int n = i;
                calls.add(CompletableFuture.supplyAsync(() -> done(call.apply(n)), threads));
            }
            return calls.stream().map(CompletableFuture::join).filter(Boolean::booleanValue).count();
        } finally {
            threads.shutdownNow();
        }
    }
}
