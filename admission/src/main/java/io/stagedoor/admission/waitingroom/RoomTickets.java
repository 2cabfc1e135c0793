package io.stagedoor.admission.waitingroom;

import io.stagedoor.admission.AdmissionMessages;

/** What a waiting buyer's ticket is. */
public enum RoomTickets {
    /**
     * An id, and the buyer's place and times kept in the store: one store call per join and per poll, and the
     * store's memory grows with the crowd. A random room draws among every buyer waiting.
     */
    STORED,
    /**
     * A signed token carrying the place and times ({@link SignedTicket}): joins take places in batches, polls are
     * answered from the instance's view of the room, and the store keeps only the admitted. A random room draws
     * each window of arrivals after the opening among itself (decision 0029).
     */
    SIGNED;

    /** The kind named {@code text} ({@code signed} or {@code stored}). */
    public static RoomTickets of(String text) {
        for (RoomTickets kind : values()) {
            if (kind.text().equals(text.trim())) {
                return kind;
            }
        }
        throw new IllegalArgumentException(AdmissionMessages.unknownTicketKind(text));
    }

    /** The name configuration uses. */
    public String text() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
