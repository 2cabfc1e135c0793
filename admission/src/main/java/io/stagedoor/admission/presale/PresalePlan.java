package io.stagedoor.admission.presale;

import java.time.Instant;
import java.util.Objects;

/**
 * What the presale logic needs of an event's presale settings, passed with each call (as a room is passed its plan).
 *
 * @param registerFrom when registration opened: with the event, it fixes the lottery's seed
 * @param codes        codes to draw; null for every registrant
 * @param codesUsedBy  when winners' unused codes go to the wait-list
 */
public record PresalePlan(Instant registerFrom, Integer codes, Instant codesUsedBy) {

    public PresalePlan {
        Objects.requireNonNull(registerFrom, "registerFrom");
        Objects.requireNonNull(codesUsedBy, "codesUsedBy");
    }
}
