package io.stagedoor.topics;

import java.util.List;
import java.util.Objects;

/**
 * The names of the pipeline's topics. A non-empty namespace prefixes every name ({@code ns.holds}), so tests
 * and side-by-side runs can share one broker without sharing topics.
 *
 * @param namespace prefix for every topic name; empty for the production names
 */
public record TopicNames(String namespace) {

    /** The prefix a broker requires of a share group's dead-letter topic by default. */
    public static final String DEAD_LETTER_PREFIX = "dlq.";

    public TopicNames {
        Objects.requireNonNull(namespace, "namespace");
        if (!namespace.isEmpty() && !namespace.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException(TopicsMessages.badNamespace(namespace));
        }
    }

    /**
     * The inventory's Kafka Streams application id (its consumer group) in this namespace: {@code stagedoor-inventory},
     * prefixed like the topics. The waiting room's closed loop reads the inventory's lag under this group.
     */
    public String inventoryGroup() { return name("stagedoor-inventory"); }

    /** The production names, with no namespace. */
    public static TopicNames defaults() {
        return new TopicNames("");
    }

    /** Compacted: on-sale definitions, keyed by event id. */
    public String events() { return name("events"); }

    /** Hold requests, keyed by event id. */
    public String holds() { return name("holds"); }

    /** Checkout requests, keyed by event id; co-partitioned with holds. */
    public String checkouts() { return name("checkouts"); }

    /** Payment requests for the checkout pool, keyed by correlation id. */
    public String payments() { return name("payments"); }

    /** Payment outcomes back to the inventory, keyed by event id; co-partitioned with holds. */
    public String paymentOutcomes() { return name("payment-outcomes"); }

    /**
     * The checkout share group's dead-letter topic: the broker writes here every payment request or void it stops
     * delivering (past the group's delivery limit, or rejected as unreadable), with its reason in
     * {@code __dlq.errors.*} headers. Brokers accept only dead-letter topics named with their prefix, {@code dlq.}
     * by default ({@code errors.deadletterqueue.topic.name.prefix}).
     */
    public String paymentsDeadLetter() { return DEAD_LETTER_PREFIX + payments(); }

    /** One terminal result per accepted request, keyed by correlation id. */
    public String results() { return name("results"); }

    /** Every change of a seat's status (held, sold, available again), keyed by event id. */
    public String seatChanges() { return name("seat-changes"); }

    /**
     * The hold each paid checkout key paid for, keyed by the key part of the checkout's correlation id; compacted,
     * written by the inventory (a tombstone when the worker's checkout retention ends) and read whole by every
     * inventory task, so a key that paid for a hold of one event cannot check out a hold of another.
     */
    public String checkoutKeys() { return name("checkout-keys"); }

    /** Every admission decision, for audit, keyed by limiter key. */
    public String admissions() { return name("admissions"); }

    /** Every step of buyers through the waiting rooms, for audit, keyed by event id. */
    public String waitingRoom() { return name("waiting-room"); }

    /** Presale steps for audit: registrations, draws, codes granted and used ({@link PresaleRecord}), keyed by event. */
    public String presale() { return name("presale"); }

    /** Every topic of the pipeline. */
    public List<String> all() {
        return List.of(events(), holds(), checkouts(), payments(), paymentOutcomes(), paymentsDeadLetter(),
                results(), seatChanges(), admissions(), waitingRoom(), presale(), checkoutKeys());
    }

    /** The topics keyed by event id that one inventory task reads together; they must share a partition count. */
    public List<String> inventoryInputs() {
        return List.of(holds(), checkouts(), paymentOutcomes());
    }

    private String name(String base) {
        return namespace.isEmpty() ? base : namespace + "." + base;
    }
}
