package io.stagedoor.admission.parking;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * Distinct members counted under a key for a window, shared by every instance: how many accounts joined from one
 * network within a minute. Each key lives one window (from its first member), so the store holds at most one window
 * of joins.
 */
public interface CrowdCounts {

    /** Adds {@code member} under {@code key} (kept for {@code window} from the key's first member); the distinct count. */
    CompletionStage<Long> add(String key, String member, Duration window);
}
