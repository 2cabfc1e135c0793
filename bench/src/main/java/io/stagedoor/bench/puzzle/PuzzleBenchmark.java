package io.stagedoor.bench.puzzle;

import io.stagedoor.admission.puzzle.InProcessSpentPuzzles;
import io.stagedoor.admission.puzzle.JoinPuzzles;
import io.stagedoor.admission.puzzle.PuzzleChallenge;
import io.stagedoor.admission.puzzle.PuzzleWork;
import io.stagedoor.topics.JoinPuzzleSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The join puzzle's asymmetry, in one run: what the ingress spends to issue one and to judge a solution (one MAC and
 * one hash, no store), against what solving costs at each difficulty on this JVM's SHA-256 (a script's native speed;
 * a browser's is in bench/RESULTS.md from the JavaScript client), and so what 1,000 accounts cost a farm at the
 * default difficulty. Flags: {@code --judgements N} (default 200000), {@code --solves N} per difficulty (default 40),
 * {@code --bits a,b,…} (default 12,14,16,18).
 */
public final class PuzzleBenchmark {

    private static final byte[] SECRET = "the puzzle benchmark's secret, 32 bytes or more".getBytes(StandardCharsets.UTF_8);
    private static final int ACCOUNTS = 1_000;

    private PuzzleBenchmark() {
    }

    public static void main(String[] args) {
        int judgements = 200_000;
        int solves = 40;
        List<Integer> bits = List.of(12, 14, 16, 18);
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--judgements" -> judgements = Integer.parseInt(args[i + 1]);
                case "--solves" -> solves = Integer.parseInt(args[i + 1]);
                case "--bits" -> bits = java.util.Arrays.stream(args[i + 1].split(",")).map(Integer::valueOf).toList();
                default -> throw new IllegalArgumentException("flags: --judgements N --solves N --bits a,b,...");
            }
        }
        long[] now = {System.currentTimeMillis()};
        JoinPuzzles puzzles = new JoinPuzzles(SECRET, new InProcessSpentPuzzles(judgements * 2, () -> now[0]),
                () -> now[0]);
        System.out.printf(Locale.ROOT, "%d cores, Java %s%n", Runtime.getRuntime().availableProcessors(),
                Runtime.version());

        double issueNanos = issueNanos(puzzles, judgements);
        double judgeNanos = judgeNanos(puzzles, judgements);
        System.out.printf(Locale.ROOT, "ingress: issue %.2f µs, judge a solution %.2f µs (one MAC, one hash, no store)%n",
                issueNanos / 1_000, judgeNanos / 1_000);
        System.out.printf(Locale.ROOT, "%6s %14s %14s %16s %18s%n", "bits", "solve mean ms", "hashes/s",
                "solve / judge", "1,000 accounts s");
        for (int b : bits) {
            Solved solved = solveMean(puzzles, b, solves);
            System.out.printf(Locale.ROOT, "%6d %14.1f %14.0f %16.0f %18.1f%n", b, solved.meanNanos() / 1e6,
                    solved.hashesPerSecond(), solved.meanNanos() / judgeNanos, solved.meanNanos() * ACCOUNTS / 1e9);
        }
        System.out.printf(Locale.ROOT, "default difficulty: %d bits%n", JoinPuzzleSettings.DEFAULT_DIFFICULTY);
    }

    private static double issueNanos(JoinPuzzles puzzles, int count) {
        for (int i = 0; i < count / 4; i++) {
            puzzles.issue("bench", "buyer-" + (i & 1023), 16, Duration.ofMinutes(2)); // warm-up
        }
        long started = System.nanoTime();
        for (int i = 0; i < count; i++) {
            puzzles.issue("bench", "buyer-" + (i & 1023), 16, Duration.ofMinutes(2));
        }
        return (System.nanoTime() - started) / (double) count;
    }

    /** Judging solved solutions (at 4 bits, so preparing them is cheap; judging costs the same at any difficulty). */
    private static double judgeNanos(JoinPuzzles puzzles, int count) {
        List<String> presented = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            PuzzleChallenge challenge = puzzles.issue("bench", "buyer-" + (i & 1023), 4, Duration.ofMinutes(2));
            presented.add(challenge.token() + ":" + PuzzleWork.solve(challenge.token(), 4));
        }
        long sink = 0;
        for (int i = 0; i < count / 4; i++) {
            sink += puzzles.judge(presented.get(i), "bench", "buyer-" + (i & 1023)).verdict().ordinal(); // warm-up
        }
        long started = System.nanoTime();
        for (int i = 0; i < count; i++) {
            sink += puzzles.judge(presented.get(i), "bench", "buyer-" + (i & 1023)).verdict().ordinal();
        }
        long took = System.nanoTime() - started;
        if (sink != 0) {
            throw new IllegalStateException("a solved solution was not judged solved");
        }
        return took / (double) count;
    }

    private static Solved solveMean(JoinPuzzles puzzles, int bits, int count) {
        long hashes = 0;
        long started = System.nanoTime();
        for (int i = 0; i < count; i++) {
            PuzzleChallenge challenge = puzzles.issue("bench", "solver-" + i, bits, Duration.ofMinutes(2));
            hashes += Long.parseLong(PuzzleWork.solve(challenge.token(), bits)) + 1;
        }
        long took = System.nanoTime() - started;
        return new Solved(took / (double) count, hashes / (took / 1e9));
    }

    private record Solved(double meanNanos, double hashesPerSecond) {
    }
}
