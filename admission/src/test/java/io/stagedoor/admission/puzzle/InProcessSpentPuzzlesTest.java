package io.stagedoor.admission.puzzle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class InProcessSpentPuzzlesTest extends SpentPuzzlesContract {

    @Override
    SpentPuzzles store() {
        return new InProcessSpentPuzzles(10_000, System::currentTimeMillis);
    }

    /** One client spending solution after solution cannot grow the map past its bound; nobody gets in twice. */
    @Test
    void aFullStoreRefusesRatherThanForgetsALiveEntry() throws Exception {
        long[] now = {1_000};
        InProcessSpentPuzzles store = new InProcessSpentPuzzles(3, () -> now[0]);
        for (String id : new String[] {"a", "b", "c"}) {
            assertThat(spend(store, id, 59_000)).isTrue();
        }
        assertThatThrownBy(() -> spend(store, "d", 59_000))
                .isInstanceOf(ExecutionException.class).hasMessageContaining("3 spent join puzzles");
        assertThat(spend(store, "a", 59_000)).isFalse();
        now[0] = 60_000; // every entry's challenge has expired: room again
        assertThat(spend(store, "d", 60_000)).isTrue();
    }

    private static boolean spend(SpentPuzzles store, String id, long keptForMillis) throws Exception {
        return store.spend(id, Duration.ofMillis(keptForMillis)).toCompletableFuture().get(1, TimeUnit.SECONDS);
    }
}
