package io.stagedoor.harness.demo;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The demo's live line on the terminal, rewritten in place ({@code \r}) four times a second: phase, time since the
 * start, buyers with a pass, requests admitted, 429s, 503s and seats sold. {@link #close()} prints it a last time
 * and ends the line.
 */
final class ProgressLine implements AutoCloseable {

    static final long EVERY_MILLIS = 250;

    private final PrintStream out;
    private final CrowdTally tally;
    private final int buyers;
    private final int seats;
    private final long began = System.nanoTime();
    private final ScheduledExecutorService ticker;

    ProgressLine(PrintStream out, CrowdTally tally, int buyers, int seats) {
        this.out = out;
        this.tally = tally;
        this.buyers = buyers;
        this.seats = seats;
        this.ticker = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name("demo-progress")
                .factory());
        ticker.scheduleAtFixedRate(this::print, 0, EVERY_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** The line as it stands now, without the carriage return. */
    String line() {
        return String.format(Locale.ROOT,
                "%-11s %5.1f s | in room %,d/%,d passed | admitted %,d | refused %,d | shed %,d | sold %,d/%,d seats",
                tally.phase().label(), (System.nanoTime() - began) / 1e9, tally.passes.get(), buyers,
                tally.accepted() + tally.scansAdmitted.get(), tally.rateLimited.get(), tally.overloaded.get(),
                tally.seatsSold.get(), seats);
    }

    private synchronized void print() {
        out.print("\r" + line() + "   ");
        out.flush();
    }

    @Override
    public void close() {
        ticker.shutdownNow();
        print();
        out.println();
        out.flush();
    }
}
