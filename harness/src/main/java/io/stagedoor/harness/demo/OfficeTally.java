package io.stagedoor.harness.demo;

import io.stagedoor.client.Accepted;
import io.stagedoor.client.Answer;
import io.stagedoor.client.CallListener;
import io.stagedoor.client.Operation;
import io.stagedoor.client.RetryStep;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the office's buyers saw on their holds (accepted, and 429s), heard on the office's client and passed on to
 * the demo's {@link CrowdTally}. Thread-safe.
 */
final class OfficeTally implements CallListener {

    final AtomicLong holdCalls = new AtomicLong();
    final AtomicLong holdsAccepted = new AtomicLong();
    final AtomicLong holdsRateLimited = new AtomicLong();
    private final CrowdTally all;

    OfficeTally(CrowdTally all) {
        this.all = all;
    }

    @Override
    public void onRetry(Operation operation, RetryStep step) {
        all.onRetry(operation, step);
    }

    @Override
    public void onFinished(Operation operation, Answer answer) {
        all.onFinished(operation, answer);
        if (operation == Operation.HOLD) {
            holdCalls.incrementAndGet();
            holdsRateLimited.addAndGet(answer.stats().rateLimited());
            if (answer instanceof Accepted) {
                holdsAccepted.incrementAndGet();
            }
        }
    }
}
