package io.stagedoor.bench.storm;

import io.stagedoor.bench.load.Flags;
import java.time.Duration;

/**
 * How a wrk benchmark runs its rounds, from the flags {@code --seconds 10 --rounds 2 --warmup 5 --connections 64
 * --threads 2} (the defaults).
 */
public record WrkRounds(Duration round, int rounds, Duration warmup, int connections, int threads) {

    public static WrkRounds read(Flags flags) {
        return new WrkRounds(flags.seconds("seconds", 10), flags.integer("rounds", 2), flags.seconds("warmup", 5),
                flags.integer("connections", 64), flags.integer("threads", 2));
    }
}
