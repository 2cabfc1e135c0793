package io.stagedoor.bench.herd;

import io.stagedoor.admission.waitingroom.RoomTimer;
import io.stagedoor.testsupport.FakeClock;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The rooms' timer on the simulation's clock: tasks run when the simulation says the time has come, and a view's
 * age in "real" time is its age on the simulated clock. Thread-safe.
 */
final class SimulatedTimer implements RoomTimer {

    private record Task(long dueMillis, long order, Runnable run) {
    }

    private final FakeClock clock;
    private final PriorityQueue<Task> tasks = new PriorityQueue<>((a, b) -> a.dueMillis != b.dueMillis
            ? Long.compare(a.dueMillis, b.dueMillis) : Long.compare(a.order, b.order));
    private long added;

    SimulatedTimer(FakeClock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized void after(long millis, Runnable task) {
        tasks.add(new Task(clock.millis() + millis, added++, task));
    }

    @Override
    public long nanoTime() {
        return clock.millis() * 1_000_000;
    }

    /** Runs every task due by the clock's time, in the order they fell due. */
    void runDue() {
        List<Runnable> due = new ArrayList<>();
        synchronized (this) {
            while (!tasks.isEmpty() && tasks.peek().dueMillis() <= clock.millis()) {
                due.add(tasks.poll().run());
            }
        }
        due.forEach(Runnable::run);
    }

    @Override
    public void close() {
        // Nothing runs on a thread of its own.
    }
}
