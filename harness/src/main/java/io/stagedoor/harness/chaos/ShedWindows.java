package io.stagedoor.harness.chaos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The 503s of a run grouped into windows: a window is a run of 503 answers none more than {@link #GAP} after the
 * one before. With a steady load a few visits a second, every request to a partition without a leader is shed, so
 * the longest window is how long the re-election kept the service from accepting.
 *
 * @param count    503 answers in all
 * @param longest  the longest window, first 503 to last
 * @param windows  each window as its first and last 503 ({@link System#nanoTime()}), in time order
 */
record ShedWindows(long count, Duration longest, List<Window> windows) {

    /**
     * 503s further apart than this belong to different windows. A shed POST is answered after up to 1.5 s (500 ms
     * for metadata, 1 s for delivery), so the 503s of one outage can arrive that far apart.
     */
    static final Duration GAP = Duration.ofSeconds(2);

    /** One answer the load got: when ({@link System#nanoTime()}), its HTTP status (-1: none) and problem type. */
    record Answer(long atNanos, int status, String reason) {
    }

    /** A run of 503s, from the first to the last. */
    record Window(long fromNanos, long toNanos) {
        Duration length() {
            return Duration.ofNanos(toNanos - fromNanos);
        }
    }

    ShedWindows {
        windows = List.copyOf(windows);
    }

    /** Groups the 503s of {@code answers}. */
    static ShedWindows of(List<Answer> answers) {
        List<Answer> shed = answers.stream().filter(answer -> answer.status() == 503)
                .sorted(Comparator.comparingLong(Answer::atNanos)).toList();
        List<Window> windows = new ArrayList<>();
        Long from = null; // nanoTime may be any long, zero and negatives included
        long to = 0;
        for (Answer answer : shed) {
            if (from != null && answer.atNanos() - to > GAP.toNanos()) {
                windows.add(new Window(from, to));
                from = null;
            }
            if (from == null) {
                from = answer.atNanos();
            }
            to = answer.atNanos();
        }
        if (from != null) {
            windows.add(new Window(from, to));
        }
        Duration longest = windows.stream().map(Window::length).max(Comparator.naturalOrder()).orElse(Duration.ZERO);
        return new ShedWindows(shed.size(), longest, windows);
    }

    /** Each window as {@code +from..+to s} after {@code originNanos}, for the report. */
    String describe(long originNanos) {
        StringBuilder text = new StringBuilder();
        for (Window window : windows) {
            text.append(text.isEmpty() ? "" : ", ").append(String.format(java.util.Locale.ROOT, "+%.1f..+%.1f s",
                    (window.fromNanos() - originNanos) / 1e9, (window.toNanos() - originNanos) / 1e9));
        }
        return text.toString();
    }

    /** The 503s of {@code answers} by problem type. */
    static java.util.Map<String, Long> reasons(List<Answer> answers) {
        return answers.stream().filter(answer -> answer.status() == 503).collect(java.util.stream.Collectors.groupingBy(
                Answer::reason, java.util.TreeMap::new, java.util.stream.Collectors.counting()));
    }

    /** The 503s of {@code answers} that came from {@code fromNanos} to {@code toNanos}. */
    static long between(List<Answer> answers, long fromNanos, long toNanos) {
        return answers.stream().filter(answer -> answer.status() == 503)
                .filter(answer -> answer.atNanos() >= fromNanos && answer.atNanos() <= toNanos).count();
    }
}
