package io.stagedoor.bench.gateway;

import io.stagedoor.bench.load.RedisCpu;
import io.stagedoor.bench.storm.Wrk;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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

    /** One wrk and the token file it reads, run at the same time as the round's other streams. */
    record Stream(Wrk wrk, Path tokens) {
    }

    /** Runs {@code wrk} alone against {@code contender}; its figures. */
    Figures measure(Contender contender, Duration duration, Wrk wrk, Path tokens) throws Exception {
        return measure(contender, duration, List.of(new Stream(wrk, tokens))).getFirst();
    }

    /**
     * Runs every stream at once against {@code contender}; the CPU per request divides by the requests of all of
     * them. Returns each stream's figures, in order.
     */
    List<Figures> measure(Contender contender, Duration duration, List<Stream> streams) throws Exception {
        double fallbacksBefore = contender.fallbacks().read();
        long server = contender.cpuNanos();
        long behind = contender.behindCpuNanos().getAsLong();
        RedisCpu.Reading redisBefore = redis.read();
        List<CompletableFuture<Wrk.Figures>> runs = new ArrayList<>();
        for (Stream stream : streams.subList(1, streams.size())) {
            runs.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return stream.wrk().run(stream.tokens(), duration);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        List<Wrk.Figures> all = new ArrayList<>();
        all.add(streams.getFirst().wrk().run(streams.getFirst().tokens(), duration));
        runs.forEach(run -> all.add(run.join()));
        double requests = all.stream().mapToDouble(Wrk.Figures::requests).sum();
        double serverMicros = (contender.cpuNanos() - server) / 1e3 / requests;
        long behindNanos = contender.behindCpuNanos().getAsLong() - behind;
        double behindMicros = behind < 0 ? Double.NaN : behindNanos / 1e3 / requests;
        double redisMicros = redis.read().minus(redisBefore).cpuNanos() / 1e3 / requests;
        double fallbacks = contender.fallbacks().read() - fallbacksBefore;
        return all.stream().map(figures -> new Figures(contender.name(), figures, serverMicros, behindMicros,
                redisMicros, fallbacks)).toList();
    }
}
