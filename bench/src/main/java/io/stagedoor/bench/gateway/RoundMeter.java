package io.stagedoor.bench.gateway;

import io.stagedoor.bench.load.RedisCpu;
import io.stagedoor.bench.storm.Wrk;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Measures one round of one contender: wrk's figures, and the CPU its server, what works behind it, and Redis
 * spent meanwhile, per request; the fallback decisions it counted meanwhile.
 */
final class RoundMeter {

    /** One round's figures; CPU in microseconds per request, {@code NaN} where nothing was measured. */
    record Figures(String contender, Wrk.Figures wrk, double serverMicros, double behindMicros, double redisMicros,
                   double fallbacks) {
        /** The CPU a request cost the server and Redis, the deciding part of it. */
        double decidingMicros() {
            return serverMicros + redisMicros;
        }
    }

    private final RedisCpu redis;

    RoundMeter(RedisCpu redis) {
        this.redis = redis;
    }

    /**
     * Runs {@code main}, and {@code beside} at the same time when it is not null, against {@code contender}; the
     * CPU per request divides by the requests of both. Returns main's figures, then beside's.
     */
    List<Figures> measure(Contender contender, Duration duration, Wrk main, Path mainTokens, Wrk beside,
                                    Path besideTokens) throws Exception {
        double fallbacksBefore = contender.fallbacks().read();
        long server = contender.cpuNanos();
        long behind = contender.behindCpuNanos().getAsLong();
        RedisCpu.Reading redisBefore = redis.read();
        CompletableFuture<Wrk.Figures> besideRun = beside == null ? null : CompletableFuture.supplyAsync(() -> {
            try {
                return beside.run(besideTokens, duration);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Wrk.Figures mainFigures = main.run(mainTokens, duration);
        Wrk.Figures besideFigures = besideRun == null ? null : besideRun.join();
        double requests = mainFigures.requests() + (besideFigures == null ? 0 : besideFigures.requests());
        double serverMicros = (contender.cpuNanos() - server) / 1e3 / requests;
        long behindNanos = contender.behindCpuNanos().getAsLong() - behind;
        double behindMicros = behind < 0 ? Double.NaN : behindNanos / 1e3 / requests;
        double redisMicros = redis.read().minus(redisBefore).cpuNanos() / 1e3 / requests;
        double fallbacks = contender.fallbacks().read() - fallbacksBefore;
        Figures first = new Figures(contender.name(), mainFigures, serverMicros, behindMicros, redisMicros, fallbacks);
        if (besideFigures == null) {
            return List.of(first);
        }
        return List.of(first, new Figures(contender.name(), besideFigures, serverMicros, behindMicros,
                redisMicros, fallbacks));
    }
}
