package io.stagedoor.harness.load;

import io.stagedoor.harness.HarnessMessages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * An open loop: arrivals are due on a fixed {@link Pacing}, whatever the server does, and at most
 * {@code maxInFlight} are under way at once. Each of {@code maxInFlight} senders, on its own virtual thread and
 * with a channel of its own (a keep-alive connection, or none), takes the next arrival, waits for its due time and
 * runs it. An arrival that no sender was free for at its due time is either sent late, its due time still handed
 * over so that latency measured from it counts the queueing (coordinated omission, as wrk2 corrects it), or
 * skipped and counted ({@link WhenFull}).
 */
public final class OpenLoop {

    /** What becomes of an arrival due while {@code maxInFlight} are under way. */
    public enum WhenFull {
        /** It waits for the first free sender and is sent late; its due time stays the one the pacing gave. */
        SEND_LATE,
        /** It is not made, and {@link Run#skipped()} counts it. */
        SKIP
    }

    /** One arrival, run on a sender's thread with the sender's channel; called concurrently by the senders. */
    @FunctionalInterface
    public interface Arrival<C> {
        void arrive(C channel, long index, long dueNanos);
    }

    private final Pacing pacing;
    private final int maxInFlight;
    private final WhenFull whenFull;
    private final LongSupplier nanoTime;

    public OpenLoop(Pacing pacing, int maxInFlight, WhenFull whenFull) {
        this(pacing, maxInFlight, whenFull, System::nanoTime);
    }

    /** @param nanoTime the clock due times are read on ({@link System#nanoTime()} but in tests) */
    public OpenLoop(Pacing pacing, int maxInFlight, WhenFull whenFull, LongSupplier nanoTime) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException(HarnessMessages.maxInFlightBelowOne(maxInFlight));
        }
        this.pacing = Objects.requireNonNull(pacing, "pacing");
        this.maxInFlight = maxInFlight;
        this.whenFull = Objects.requireNonNull(whenFull, "whenFull");
        this.nanoTime = nanoTime;
    }

    /** Starts {@code count} arrivals without a channel, the first due {@code lead} from now; returns at once. */
    public Run start(Duration lead, long count, Arrival<Void> arrival) {
        return start(lead, count, () -> null, arrival);
    }

    /**
     * Starts {@code count} arrivals, the first due {@code lead} from now (time for the senders to start); returns at
     * once. Each sender opens its channel with {@code channels} before its first arrival and closes it (when it is
     * {@link AutoCloseable}) after its last.
     */
    public <C> Run start(Duration lead, long count, Supplier<? extends C> channels, Arrival<? super C> arrival) {
        Run run = new Run(nanoTime.getAsLong() + lead.toNanos());
        for (int s = 0; s < maxInFlight; s++) {
            run.senders.add(Thread.ofVirtual().name("open-loop-", s).start(() -> send(run, count, channels, arrival)));
        }
        return run;
    }

    private <C> void send(Run run, long count, Supplier<? extends C> channels, Arrival<? super C> arrival) {
        C channel = channels.get();
        boolean busyBefore = false;
        try {
            for (long index = run.next.getAndIncrement(); index < count; index = run.next.getAndIncrement()) {
                long due = pacing.due(run.startNanos, index);
                long now = nanoTime.getAsLong();
                // Free senders take arrivals in order, each before its due time: one that a sender back from an
                // arrival takes after its due time found every sender busy then. A sender still starting up was not
                // busy, so the first arrivals of a loop are made, late, rather than skipped.
                if (busyBefore && now > due && whenFull == WhenFull.SKIP) {
                    run.skipped.incrementAndGet();
                    continue;
                }
                boolean stopped = due > now ? run.stopped.await(due - now, TimeUnit.NANOSECONDS)
                        : run.stopped.getCount() == 0;
                if (stopped) {
                    return;
                }
                busyBefore = true;
                try {
                    arrival.arrive(channel, index, due);
                } catch (RuntimeException e) {
                    run.failure.compareAndSet(null, e); // the sender goes on with the next arrival
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (channel instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    // a channel that cannot close cleanly after the run changes nothing it measured
                }
            }
        }
    }

    /** A started loop: stop it, wait for it, read what it skipped. */
    public static final class Run {

        private final long startNanos;
        private final AtomicLong next = new AtomicLong();
        private final AtomicLong skipped = new AtomicLong();
        private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
        private final CountDownLatch stopped = new CountDownLatch(1);
        private final List<Thread> senders = new ArrayList<>();

        private Run(long startNanos) {
            this.startNanos = startNanos;
        }

        /** When the first arrival was due, on the loop's clock. */
        public long startNanos() {
            return startNanos;
        }

        /** Arrivals not made because {@code maxInFlight} were under way at their due time. */
        public long skipped() {
            return skipped.get();
        }

        /** The first exception an arrival threw, if one did; the loop went on with the next arrival. */
        public Optional<RuntimeException> failure() {
            return Optional.ofNullable(failure.get());
        }

        /** Makes no more arrivals; those under way go on. */
        public void stop() {
            stopped.countDown();
        }

        /** Waits at most {@code timeout} for every arrival to be made and to return; true when they all did. */
        public boolean await(Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            for (Thread sender : senders) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !sender.join(Duration.ofNanos(left))) {
                    return false;
                }
            }
            return true;
        }

        /** Waits, without a bound, for every arrival to be made and to return. */
        public void join() throws InterruptedException {
            for (Thread sender : senders) {
                sender.join();
            }
        }

        /** Stops the loop and interrupts the arrivals under way. */
        public void cancel() {
            stop();
            senders.forEach(Thread::interrupt);
        }
    }
}
