/**
 * The waiting room's closed loop: the entry rate follows the pipeline's measured headroom between a floor and a
 * ceiling. Instances share their readings ({@link HeadroomBoard}); {@link RateLaw} turns the sum into the next rate,
 * the same function the audit replays.
 */
package io.stagedoor.admission.entryloop;
