package io.stagedoor.topics;

import java.time.Duration;

/**
 * A price for joining an event's waiting room: each join carries the solution of a proof-of-work puzzle the ingress
 * issued to that buyer for that event. Its difficulty is the number of leading zero bits the solution's SHA-256 must
 * have, so each bit doubles the expected work (16 bits: about 65,000 hashes, well under a second in a browser).
 *
 * @param difficulty          leading zero bits asked of a solution while joins are calm, 1 to 32 (default
 *                            {@value #DEFAULT_DIFFICULTY})
 * @param lifetime            how long an issued puzzle may be solved and used, at least 5 s (default 2 min)
 * @param raiseAbovePerSecond joins per second on one instance above which each doubling of the rate asks one more
 *                            bit; 0 or absent: the difficulty never moves (default)
 * @param maxDifficulty       the most bits a raised puzzle asks, from {@code difficulty} to 32 (default
 *                            {@code difficulty} + {@value #DEFAULT_RAISE})
 */
public record JoinPuzzleSettings(Integer difficulty, Duration lifetime, Double raiseAbovePerSecond,
                                 Integer maxDifficulty) {

    public static final int DEFAULT_DIFFICULTY = 16;
    public static final int DEFAULT_RAISE = 6;
    public static final int MOST_BITS = 32;
    public static final Duration DEFAULT_LIFETIME = Duration.ofMinutes(2);
    private static final Duration SHORTEST_LIFETIME = Duration.ofSeconds(5);

    public JoinPuzzleSettings {
        difficulty = difficulty == null ? DEFAULT_DIFFICULTY : difficulty;
        if (difficulty < 1 || difficulty > MOST_BITS) {
            throw new IllegalArgumentException(TopicsMessages.puzzleDifficultyOutOfRange("difficulty", difficulty));
        }
        lifetime = lifetime == null ? DEFAULT_LIFETIME : lifetime;
        if (lifetime.compareTo(SHORTEST_LIFETIME) < 0) {
            throw new IllegalArgumentException(TopicsMessages.puzzleLifetimeTooShort(lifetime, SHORTEST_LIFETIME));
        }
        raiseAbovePerSecond = raiseAbovePerSecond == null ? 0.0 : raiseAbovePerSecond;
        if (!(raiseAbovePerSecond >= 0) || Double.isInfinite(raiseAbovePerSecond)) {
            throw new IllegalArgumentException(TopicsMessages.puzzleRaiseNegative(raiseAbovePerSecond));
        }
        maxDifficulty = maxDifficulty == null ? Math.min(MOST_BITS, difficulty + DEFAULT_RAISE) : maxDifficulty;
        if (maxDifficulty < difficulty || maxDifficulty > MOST_BITS) {
            throw new IllegalArgumentException(TopicsMessages.puzzleDifficultyOutOfRange("maxDifficulty", maxDifficulty));
        }
    }

    /** The defaults: 16 bits, two minutes, never raised. */
    public static JoinPuzzleSettings defaults() {
        return new JoinPuzzleSettings(null, null, null, null);
    }

    /** The bits asked when {@code joinsPerSecond} joins arrive on one instance: one more per doubling past the bar. */
    public int difficultyAt(double joinsPerSecond) {
        if (raiseAbovePerSecond <= 0 || joinsPerSecond <= raiseAbovePerSecond) {
            return difficulty;
        }
        int raise = (int) Math.ceil(Math.log(joinsPerSecond / raiseAbovePerSecond) / Math.log(2));
        return Math.min(maxDifficulty, difficulty + Math.max(1, raise));
    }
}
