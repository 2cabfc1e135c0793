package io.stagedoor.admission.bucket;

import java.util.List;

/**
 * The result of one all-or-nothing take over several buckets: admitted only when every bucket had its
 * cost, and then every bucket paid; otherwise no bucket paid anything.
 *
 * @param admitted whether the tokens were taken
 * @param keys     one outcome per request, in request order
 */
public record BucketOutcome(boolean admitted, List<KeyOutcome> keys) {

    public BucketOutcome {
        keys = List.copyOf(keys);
    }

    /** The longest wait among the buckets that were short, 0 when admitted. */
    public long waitMillis() {
        long wait = 0;
        for (KeyOutcome key : keys) {
            wait = Math.max(wait, key.waitMillis());
        }
        return wait;
    }
}
