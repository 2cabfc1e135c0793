package io.stagedoor.admission.presale;

import java.util.Objects;
import java.util.Optional;

/**
 * A presale's draw as it is kept: its seed and the lottery tickets that cut off who holds a code. A registrant whose
 * ticket is at most {@code winnersUpTo} won a code in the draw; one whose ticket is above it and at most
 * {@code waitListUpTo} got one from the wait-list, once the winners' unused codes were passed on.
 *
 * @param seedHex      the lottery's seed, hex
 * @param codes        codes drawn
 * @param registrants  registrants when it ran
 * @param winnersUpTo  the last winner's ticket; empty string when nobody won
 * @param waitListUpTo the last ticket the wait-list reached; null until it was passed codes
 */
public record PresaleDraw(String seedHex, long codes, long registrants, String winnersUpTo, String waitListUpTo) {

    /** What an account's ticket gives it. */
    public enum Grant {
        /** Won a code in the draw. */
        WINNER,
        /** Got a code from the wait-list. */
        WAIT_LIST,
        /** Holds no code (yet, if the wait-list has still to be passed codes). */
        NONE
    }

    public PresaleDraw {
        Objects.requireNonNull(seedHex, "seedHex");
        Objects.requireNonNull(winnersUpTo, "winnersUpTo");
    }

    /** What a registrant with lottery ticket {@code ticket} holds. */
    public Grant grantOf(String ticket) {
        if (!winnersUpTo.isEmpty() && ticket.compareTo(winnersUpTo) <= 0) {
            return Grant.WINNER;
        }
        if (waitListUpTo != null && ticket.compareTo(waitListUpTo) <= 0) {
            return Grant.WAIT_LIST;
        }
        return Grant.NONE;
    }

    /** This draw with the wait-list reaching {@code upTo}. */
    public PresaleDraw withWaitListUpTo(String upTo) {
        return new PresaleDraw(seedHex, codes, registrants, winnersUpTo, upTo);
    }

    public Optional<String> waitList() {
        return Optional.ofNullable(waitListUpTo);
    }
}
