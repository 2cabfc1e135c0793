package io.stagedoor.admission.presale;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.testsupport.FakeClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletionStage;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A presale on the in-process book, on a fake clock: the draw is the lottery's over whoever registered, once; codes
 * are shown to those who hold them and open one session each; winners' unused codes pass to the wait-list.
 */
class PresalesTest {

    private static final byte[] SECRET = "a presale secret of at least 32 bytes".getBytes(StandardCharsets.UTF_8);
    private static final Instant REGISTER_FROM = Instant.parse("2026-12-01T10:00:00Z");
    private static final Instant USED_BY = Instant.parse("2026-12-03T10:00:00Z");
    private static final PresalePlan PLAN = new PresalePlan(REGISTER_FROM, 30, USED_BY);
    private static final List<String> FANS = IntStream.range(0, 100).mapToObj(i -> "fan-" + i).toList();
    private static final String EVENT = "presale-event";

    private final FakeClock clock = new FakeClock(Instant.parse("2026-12-02T10:00:00Z"));

    private Presales presales(List<String> registering) {
        Presales presales = new Presales(SECRET, new InProcessPresaleBook(1_000), clock::millis);
        registering.forEach(fan -> done(presales.register(EVENT, fan)));
        return presales;
    }

    private static <T> T done(CompletionStage<T> stage) {
        return stage.toCompletableFuture().join();
    }

    @Test
    void theDrawIsTheLotteryOfItsPublishedSeedOverWhoeverRegisteredInWhateverOrder() {
        List<String> shuffled = new ArrayList<>(FANS);
        Collections.shuffle(shuffled, new Random(3));
        Presales one = presales(FANS);
        Presales two = presales(shuffled);

        Presales.Drawn drawn = done(one.draw(EVENT, PLAN));
        assertThat(drawn.granted()).hasSize(30)
                .isEqualTo(done(two.draw(EVENT, PLAN)).granted())
                .isEqualTo(PresaleLottery.draw(java.util.HexFormat.of().parseHex(drawn.draw().seedHex()), FANS, 30)
                        .winners());
        assertThat(drawn.draw().seedHex()).isEqualTo(java.util.HexFormat.of().formatHex(
                one.seedOf(EVENT, REGISTER_FROM)));
        Presales.Drawn again = done(one.draw(EVENT, PLAN));
        assertThat(again.draw()).isEqualTo(drawn.draw());
        assertThat(drawn.now()).isTrue();
        assertThat(again.now()).isFalse();
        // drawn again from the same registrations, so a call whose record of the draw failed can write it
        assertThat(again.granted()).isEqualTo(drawn.granted());
    }

    @Test
    void aCodeIsShownOnlyToWhoHoldsOneAndOpensOneSessionOfItsOwnAccount() {
        Presales presales = presales(FANS);
        assertThat(done(presales.standing(EVENT, PLAN, "fan-1")).status()).isEqualTo(Presales.Status.REGISTERED);
        List<String> winners = done(presales.draw(EVENT, PLAN)).granted();
        String winner = winners.getFirst();
        String loser = FANS.stream().filter(fan -> !winners.contains(fan)).findFirst().orElseThrow();

        Presales.Standing won = done(presales.standing(EVENT, PLAN, winner));
        assertThat(won.status()).isEqualTo(Presales.Status.WON);
        assertThat(won.code()).isNotBlank();
        Presales.Standing lost = done(presales.standing(EVENT, PLAN, loser));
        assertThat(lost.status()).isEqualTo(Presales.Status.WAIT_LISTED);
        assertThat(lost.code()).isNull();
        assertThat(done(presales.standing(EVENT, PLAN, "never-registered")).status())
                .isEqualTo(Presales.Status.NOT_REGISTERED);

        assertThat(done(presales.spend(EVENT, PLAN, loser, won.code()))).isEqualTo(Presales.Spend.REFUSED);
        String losersOwn = new PresaleCodes(SECRET).codeFor(EVENT, loser);
        assertThat(done(presales.spend(EVENT, PLAN, loser, losersOwn))).isEqualTo(Presales.Spend.REFUSED);
        assertThat(done(presales.spend(EVENT, PLAN, winner, null))).isEqualTo(Presales.Spend.MISSING);
        assertThat(done(presales.spend(EVENT, PLAN, winner, won.code()))).isEqualTo(Presales.Spend.SPENT);
        assertThat(done(presales.spend(EVENT, PLAN, winner, won.code()))).isEqualTo(Presales.Spend.USED);
        done(presales.giveBack(EVENT, winner));
        assertThat(done(presales.spend(EVENT, PLAN, winner, won.code()))).isEqualTo(Presales.Spend.SPENT);
    }

    @Test
    void codesWinnersLeftUnusedPassToTheWaitListInLotteryOrderOnce() {
        Presales presales = presales(FANS);
        List<String> winners = done(presales.draw(EVENT, PLAN)).granted();
        for (String winner : winners.subList(0, 20)) {
            String code = done(presales.standing(EVENT, PLAN, winner)).code();
            assertThat(done(presales.spend(EVENT, PLAN, winner, code))).isEqualTo(Presales.Spend.SPENT);
        }
        String late = winners.get(25);
        String lateCode = done(presales.standing(EVENT, PLAN, late)).code();
        clock.advance(Duration.between(clock.instant(), USED_BY).plusSeconds(1));

        assertThat(done(presales.standing(EVENT, PLAN, late)).status()).isEqualTo(Presales.Status.EXPIRED);
        assertThat(done(presales.spend(EVENT, PLAN, late, lateCode))).isEqualTo(Presales.Spend.REFUSED);
        List<String> passed = done(presales.passToWaitList(EVENT, PLAN)).orElseThrow().granted();
        byte[] seed = presales.seedOf(EVENT, REGISTER_FROM);
        assertThat(passed).isEqualTo(PresaleLottery.draw(seed, FANS, 30).waitList().subList(0, 10));
        Presales.Standing lucky = done(presales.standing(EVENT, PLAN, passed.getLast()));
        assertThat(lucky.status()).isEqualTo(Presales.Status.FROM_WAIT_LIST);
        assertThat(done(presales.spend(EVENT, PLAN, passed.getLast(), lucky.code()))).isEqualTo(Presales.Spend.SPENT);
        String next = PresaleLottery.draw(seed, FANS, 30).waitList().get(10);
        assertThat(done(presales.standing(EVENT, PLAN, next)).status()).isEqualTo(Presales.Status.WAIT_LISTED);
        assertThat(done(presales.passToWaitList(EVENT, PLAN)).orElseThrow().now()).isFalse();
    }
}
