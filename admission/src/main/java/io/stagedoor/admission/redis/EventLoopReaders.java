package io.stagedoor.admission.redis;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import io.stagedoor.admission.fallback.ReplyReaders;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Lettuce's I/O event loops as {@link ReplyReaders}. Each loop is handed a task; a Netty loop with a task waiting
 * polls its sockets without blocking and handles the ready ones before it runs its tasks, so when the task runs,
 * that loop has read every reply that had reached its connections, and written every command that waited for it (a
 * loop that was starved of the CPU works off its backlog first). The task then gives Redis the time it is asked for
 * on that loop to answer what was only just written, and {@code then} runs when the last loop's wait is over. A loop
 * that refuses a task (shutting down) counts as caught up.
 */
final class EventLoopReaders implements ReplyReaders {

    private final List<EventExecutor> loops = new ArrayList<>();

    EventLoopReaders(EventExecutorGroup group) {
        group.forEach(loops::add);
    }

    @Override
    public void afterPendingReads(Duration answering, Runnable then) {
        if (loops.isEmpty()) {
            then.run();
            return;
        }
        AtomicInteger left = new AtomicInteger(loops.size());
        Runnable done = () -> {
            if (left.decrementAndGet() == 0) {
                then.run();
            }
        };
        for (EventExecutor loop : loops) {
            try {
                loop.execute(() -> {
                    try {
                        loop.schedule(done, answering.toNanos(), TimeUnit.NANOSECONDS);
                    } catch (RejectedExecutionException shuttingDown) {
                        done.run();
                    }
                });
            } catch (RejectedExecutionException shuttingDown) {
                done.run();
            }
        }
    }
}
