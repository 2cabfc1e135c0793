package io.stagedoor.ingress.presale;

import java.time.Instant;

/** Every message the presale routes answer with: the one place their words are written. */
public final class PresaleMessages {

    private PresaleMessages() {
    }

    public static String unknownEvent(String eventId) {
        return "No event " + eventId + ".";
    }

    public static String noPresale(String eventId) {
        return "The event " + eventId + " has no presale.";
    }

    public static String registrationClosed(Instant from, Instant until) {
        return "Registration for this presale is open from " + from + " until " + until + ".";
    }

    public static String registrationFull() {
        return "This presale takes no more registrations.";
    }

    public static String notDrawnYet(Instant drawAt) {
        return "The presale's lottery runs from " + drawAt + ".";
    }

    public static String waitListNotYet(Instant codesUsedBy) {
        return "Winners' unused codes pass to the wait-list from " + codesUsedBy + ".";
    }

    public static String codeRequired() {
        return "This waiting room takes only presale code holders now: send your code in the Presale-Code header.";
    }

    public static String codeRefused() {
        return "This presale code is not good for your account now.";
    }

    public static String codeUsed() {
        return "Your presale code was used for another session already.";
    }

    public static String presaleUnavailable() {
        return "The presale's shared store did not answer; nothing was changed, try again.";
    }
}
