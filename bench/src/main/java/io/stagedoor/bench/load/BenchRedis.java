package io.stagedoor.bench.load;

import java.util.Locale;

/** Which Redis a bench pipeline decides on ({@code --redis one|cluster}). */
public enum BenchRedis {
    /** The embedded single Redis, as {@code ./stagedoor up} starts it. */
    ONE,
    /** A three-primary Redis Cluster on loopback, as {@code up --redis-cluster} uses one. */
    CLUSTER;

    /** {@code one} or {@code cluster}. */
    public static BenchRedis parse(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
