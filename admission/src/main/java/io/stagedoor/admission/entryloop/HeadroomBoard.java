package io.stagedoor.admission.entryloop;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Where ingress instances share what they measure, so every instance's loop steps on the whole pipeline's headroom,
 * and where one instance per interval claims an event's step, so instances do not step the same rate twice. In
 * Redis when rooms are shared ({@link RedisHeadroomBoard}), else in this process ({@link InProcessHeadroomBoard}).
 * Calls never block; a board that cannot answer fails the stage, and the loop takes no step that tick.
 */
public interface HeadroomBoard {

    /** How long a reading counts: an instance that stopped reporting drops out of the sum after this. */
    Duration FRESH_FOR = Duration.ofSeconds(3);
    /** Steps kept per event for the operator page. */
    int STEPS_KEPT = 120;

    /** Posts {@code instanceId}'s reading and completes with the sum of every fresh reading, this one's included. */
    CompletionStage<Headroom> share(String instanceId, Headroom mine, long nowMillis);

    /** Completes true for one claimant of {@code eventId}'s step per {@code interval}, false for the others. */
    CompletionStage<Boolean> claimStep(String eventId, String instanceId, Duration interval);

    /** Keeps {@code step} among the event's last {@value #STEPS_KEPT}. */
    CompletionStage<Void> remember(String eventId, PlottedStep step);

    /** The event's last steps, oldest first. */
    CompletionStage<List<PlottedStep>> steps(String eventId);
}
