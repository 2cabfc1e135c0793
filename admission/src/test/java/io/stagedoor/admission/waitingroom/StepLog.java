package io.stagedoor.admission.waitingroom;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Records every room step, from any thread. */
final class StepLog implements RoomSteps {

    private final ConcurrentLinkedQueue<RoomStep> steps = new ConcurrentLinkedQueue<>();

    @Override
    public void record(RoomStep step) {
        steps.add(step);
    }

    List<RoomStep> of(RoomStep.Kind kind) {
        return steps.stream().filter(step -> step.kind() == kind).toList();
    }
}
