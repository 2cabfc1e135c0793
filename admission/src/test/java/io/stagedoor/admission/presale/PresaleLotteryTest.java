package io.stagedoor.admission.presale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PresaleLotteryTest {

    private static final List<String> REGISTRANTS = IntStream.range(0, 1_000).mapToObj(i -> "fan-" + i).toList();

    private static byte[] seed(long value) {
        return ByteBuffer.allocate(16).putLong(value).putLong(~value).array();
    }

    @Test
    void theSameSeedAndRegistrationsDrawTheSameWinnersInWhateverOrderTheyRegistered() {
        PresaleLottery.Draw first = PresaleLottery.draw(seed(42), REGISTRANTS, 150);
        List<String> shuffled = new ArrayList<>(REGISTRANTS);
        Collections.shuffle(shuffled, new Random(7));
        PresaleLottery.Draw again = PresaleLottery.draw(seed(42), shuffled, 150);
        assertThat(again).isEqualTo(first);
        assertThat(first.winners()).hasSize(150).doesNotHaveDuplicates();
        assertThat(first.waitList()).hasSize(850).doesNotContainAnyElementsOf(first.winners());
    }

    @Test
    void anotherSeedDrawsOtherWinners() {
        assertThat(PresaleLottery.draw(seed(43), REGISTRANTS, 150).winners())
                .isNotEqualTo(PresaleLottery.draw(seed(42), REGISTRANTS, 150).winners());
    }

    /** Registering twice (or a thousand times) buys no second ticket. */
    @Test
    void registeringAgainBuysNoSecondTicket() {
        List<String> spammed = new ArrayList<>(REGISTRANTS);
        for (int i = 0; i < 1_000; i++) {
            spammed.add("fan-1");
        }
        assertThat(PresaleLottery.draw(seed(42), spammed, 150)).isEqualTo(PresaleLottery.draw(seed(42), REGISTRANTS, 150));
    }

    @Test
    void moreCodesThanRegistrantsLetsEveryoneWin() {
        PresaleLottery.Draw draw = PresaleLottery.draw(seed(1), REGISTRANTS.subList(0, 10), 50);
        assertThat(draw.winners()).containsExactlyInAnyOrderElementsOf(REGISTRANTS.subList(0, 10));
        assertThat(draw.waitList()).isEmpty();
    }

    /** Over many seeds every registrant wins about codes / registrants of the draws, wherever it registered. */
    @Test
    void eachRegistrantWinsAboutItsShareOfDraws() {
        int draws = 400;
        int[] wins = new int[3];
        List<String> watched = List.of("fan-0", "fan-500", "fan-999");
        for (int s = 0; s < draws; s++) {
            List<String> winners = PresaleLottery.draw(seed(s), REGISTRANTS, 200).winners();
            for (int w = 0; w < watched.size(); w++) {
                wins[w] += winners.contains(watched.get(w)) ? 1 : 0;
            }
        }
        // expected 80 of 400 (a fifth); binomial sd 8: within 4 sd
        for (int count : wins) {
            assertThat(count).isBetween(48, 112);
        }
    }

    @Test
    void aRecordWithOneInjectedWinnerIsCaught() {
        PresaleLottery.Draw drawn = PresaleLottery.draw(seed(42), REGISTRANTS, 150);
        List<String> forged = new ArrayList<>(drawn.winners());
        String outsider = drawn.waitList().getLast();
        forged.set(75, outsider);
        assertThat(drawn.unearnedIn(new PresaleLottery.Draw(forged, drawn.waitList()))).containsExactly(outsider);
        assertThat(drawn.unearnedIn(drawn)).isEmpty();
    }

    @Test
    void aShortSeedOrANegativeCountIsRefused() {
        assertThatThrownBy(() -> PresaleLottery.draw(new byte[8], REGISTRANTS, 1)).hasMessageContaining("16 bytes");
        assertThatThrownBy(() -> PresaleLottery.draw(seed(1), REGISTRANTS, -1)).hasMessageContaining("0 or more");
    }
}
