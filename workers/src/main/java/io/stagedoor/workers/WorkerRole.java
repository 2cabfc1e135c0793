package io.stagedoor.workers;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** What a worker process runs: the seat inventory, the checkout pool, or both. */
public enum WorkerRole {
    /** The Kafka Streams seat inventory; parallelism capped by the partition count. */
    INVENTORY,
    /** The share-group checkout pool; any number of instances. */
    CHECKOUT;

    /** Parses {@code inventory}, {@code checkout} or {@code both} (also a comma-separated list). */
    public static Set<WorkerRole> parse(String roles) {
        EnumSet<WorkerRole> parsed = EnumSet.noneOf(WorkerRole.class);
        for (String role : roles.split(",")) {
            String name = role.trim().toLowerCase(Locale.ROOT);
            switch (name) {
                case "both", "all" -> parsed.addAll(EnumSet.allOf(WorkerRole.class));
                case "inventory" -> parsed.add(INVENTORY);
                case "checkout" -> parsed.add(CHECKOUT);
                default -> throw new IllegalArgumentException(WorkersMessages.unknownRole(role));
            }
        }
        return parsed;
    }
}
