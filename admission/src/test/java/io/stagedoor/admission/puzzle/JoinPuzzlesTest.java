package io.stagedoor.admission.puzzle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The attacker's tests of the join puzzle: forged, altered, expired, reused, another's, unsolved. */
class JoinPuzzlesTest {

    private static final byte[] SECRET = "a secret of at least thirty-two bytes!!".getBytes(StandardCharsets.UTF_8);
    private static final Duration LIFETIME = Duration.ofMinutes(2);
    private static final int BITS = 8;

    private final long[] now = {1_000_000};
    private final JoinPuzzles puzzles = new JoinPuzzles(SECRET, new InProcessSpentPuzzles(1_000, () -> now[0]),
            () -> now[0]);

    private PuzzleChallenge challenge() {
        return puzzles.issue("show", "alice", BITS, LIFETIME);
    }

    private static String solved(PuzzleChallenge challenge) {
        return challenge.token() + ":" + PuzzleWork.solve(challenge.token(), challenge.difficulty());
    }

    private PuzzleVerdict spend(String presented, String buyer) throws Exception {
        return puzzles.spend(presented, "show", buyer).toCompletableFuture().get(1, TimeUnit.SECONDS).verdict();
    }

    @Test
    void aSolvedPuzzleLetsOneJoinInAndIsThenSpent() throws Exception {
        String presented = solved(challenge());
        assertThat(spend(presented, "alice")).isEqualTo(PuzzleVerdict.SOLVED);
        assertThat(spend(presented, "alice")).isEqualTo(PuzzleVerdict.SPENT);
    }

    @Test
    void anotherBuyersOrAnotherEventsSolutionIsNotYours() throws Exception {
        String presented = solved(challenge());
        assertThat(spend(presented, "mallory")).isEqualTo(PuzzleVerdict.NOT_YOURS);
        assertThat(puzzles.judge(presented, "other-show", "alice").verdict()).isEqualTo(PuzzleVerdict.NOT_YOURS);
        assertThat(spend(presented, "alice")).as("its owner can still use it").isEqualTo(PuzzleVerdict.SOLVED);
    }

    /** Replayed after its lifetime, and after the spent store forgot it: expired, whatever the store says. */
    @Test
    void aSolutionPastItsLifetimeIsExpiredEvenOnceTheStoreForgotIt() throws Exception {
        PuzzleChallenge challenge = challenge();
        String presented = solved(challenge);
        assertThat(spend(presented, "alice")).isEqualTo(PuzzleVerdict.SOLVED);
        now[0] = challenge.expiresAtMillis();
        assertThat(spend(presented, "alice")).isEqualTo(PuzzleVerdict.EXPIRED);
        String unspent = solved(puzzles.issue("show", "alice", BITS, LIFETIME));
        now[0] += LIFETIME.toMillis();
        assertThat(spend(unspent, "alice")).isEqualTo(PuzzleVerdict.EXPIRED);
    }

    @Test
    void aCounterThatDoesNotSolveIsUnsolvedAndSpendsNothing() throws Exception {
        PuzzleChallenge challenge = challenge();
        String right = PuzzleWork.solve(challenge.token(), BITS);
        String wrong = wrongCounter(challenge.token());
        assertThat(spend(challenge.token() + ":" + wrong, "alice")).isEqualTo(PuzzleVerdict.UNSOLVED);
        assertThat(spend(challenge.token() + ":" + right, "alice")).isEqualTo(PuzzleVerdict.SOLVED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-1", "12a", "1 ", "１", "123456789012345678901"})
    void aCounterThatIsNotAShortDecimalIsUnsolved(String counter) throws Exception {
        assertThat(spend(challenge().token() + ":" + counter, "alice")).isIn(PuzzleVerdict.UNSOLVED);
    }

    @Test
    void aChallengeWithAnAlteredPayloadOrTagOrAnotherKeyIsForged() throws Exception {
        PuzzleChallenge challenge = challenge();
        String token = challenge.token();
        int dot = token.lastIndexOf('.');
        // easier: the payload rewritten to ask for 1 bit, the tag kept
        String payload = new String(Base64.getUrlDecoder().decode(token.substring(4, dot)), StandardCharsets.UTF_8);
        String easier = "jp1." + Base64.getUrlEncoder().withoutPadding().encodeToString(
                payload.replaceFirst("\n" + BITS + "\n", "\n1\n").getBytes(StandardCharsets.UTF_8)) + token.substring(dot);
        assertThat(spend(easier + ":" + PuzzleWork.solve(easier, 1), "alice")).isEqualTo(PuzzleVerdict.FORGED);
        String retagged = token.substring(0, dot + 1) + "AAAA" + token.substring(dot + 5);
        assertThat(spend(retagged + ":" + PuzzleWork.solve(retagged, BITS), "alice")).isEqualTo(PuzzleVerdict.FORGED);
        JoinPuzzles elsewhere = new JoinPuzzles("another secret of at least thirty-two bytes".getBytes(
                StandardCharsets.UTF_8), new InProcessSpentPuzzles(10, () -> now[0]), () -> now[0]);
        assertThat(elsewhere.judge(solved(challenge), "show", "alice").verdict()).isEqualTo(PuzzleVerdict.FORGED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"nonsense", "jp1.:1", "jp1..:1", "jp1.%%%.%%%:1", "wrt1.abc.def:1", ":"})
    void garbageIsForged(String presented) throws Exception {
        assertThat(spend(presented, "alice")).isEqualTo(PuzzleVerdict.FORGED);
    }

    @Test
    void noSolutionIsMissing() throws Exception {
        assertThat(spend(null, "alice")).isEqualTo(PuzzleVerdict.MISSING);
        assertThat(spend(" ", "alice")).isEqualTo(PuzzleVerdict.MISSING);
    }

    /** A join shed after it spent its solution gives it back: our refusal costs the buyer no second puzzle. */
    @Test
    void aGivenBackSolutionMaySpendAgain() throws Exception {
        PuzzleChallenge challenge = challenge();
        String presented = solved(challenge);
        assertThat(spend(presented, "alice")).isEqualTo(PuzzleVerdict.SOLVED);
        puzzles.giveBack(challenge).toCompletableFuture().get(1, TimeUnit.SECONDS);
        assertThat(spend(presented, "alice")).isEqualTo(PuzzleVerdict.SOLVED);
    }

    @Test
    void thePaceIsTheLastWholeSecondsSpentJoins() throws Exception {
        for (int i = 0; i < 5; i++) {
            assertThat(spend(solved(challenge()), "alice")).isEqualTo(PuzzleVerdict.SOLVED);
        }
        assertThat(puzzles.joinsPerSecond("show")).as("the second still running").isZero();
        now[0] += 1_000;
        assertThat(puzzles.joinsPerSecond("show")).isEqualTo(5);
        now[0] += 1_000;
        assertThat(puzzles.joinsPerSecond("show")).isZero();
    }

    /**
     * The store took the spend but its answer was lost (a timeout on our side): the join fails, and the solution is
     * forgotten, so the buyer's retry with the same work gets in.
     */
    @Test
    void aSpendWhoseAnswerWasLostBurnsNothing() throws Exception {
        InProcessSpentPuzzles store = new InProcessSpentPuzzles(1_000, () -> now[0]);
        boolean[] loseNext = {true};
        SpentPuzzles losingAnswers = new SpentPuzzles() {
            @Override
            public CompletionStage<Boolean> spend(String id, Duration keptFor) {
                CompletionStage<Boolean> taken = store.spend(id, keptFor);
                if (loseNext[0]) {
                    loseNext[0] = false;
                    return CompletableFuture.failedFuture(new TimeoutException("the answer was lost"));
                }
                return taken;
            }

            @Override
            public CompletionStage<Void> forget(String id) {
                return store.forget(id);
            }
        };
        JoinPuzzles lossy = new JoinPuzzles(SECRET, losingAnswers, () -> now[0]);
        String presented = solved(lossy.issue("show", "alice", BITS, LIFETIME));
        assertThat(lossy.spend(presented, "show", "alice").toCompletableFuture())
                .failsWithin(Duration.ofSeconds(1)).withThrowableThat().withMessageContaining("the answer was lost");
        assertThat(lossy.spend(presented, "show", "alice").toCompletableFuture().get(1, TimeUnit.SECONDS).verdict())
                .isEqualTo(PuzzleVerdict.SOLVED);
    }

    private static String wrongCounter(String token) {
        for (long counter = 0; ; counter++) {
            if (!PuzzleWork.solves(token, Long.toString(counter), BITS)) {
                return Long.toString(counter);
            }
        }
    }
}
