package io.stagedoor.admission.waitingroom;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * When a room's deferred work runs (a batch of joins at the end of its window): by default on one daemon thread of
 * the room's own, after a real delay; a simulation runs it on its own clock instead.
 */
public interface RoomTimer extends AutoCloseable {

    /** Runs {@code task} once, {@code millis} from now. */
    void after(long millis, Runnable task);

    /**
     * This timer's monotonic time, in nanoseconds: how old a view of a room is in real time (a simulation's timer
     * tells its own).
     */
    default long nanoTime() {
        return System.nanoTime();
    }

    /** Stops running tasks; those not yet run never will. */
    @Override
    void close();

    /** A timer on one daemon thread named {@code name}. */
    static RoomTimer ownThread(String name) {
        ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name(name).daemon().factory());
        return new RoomTimer() {
            @Override
            public void after(long millis, Runnable task) {
                thread.schedule(task, millis, TimeUnit.MILLISECONDS);
            }

            @Override
            public void close() {
                thread.shutdownNow();
            }
        };
    }
}
