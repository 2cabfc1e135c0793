package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.ProcessCpu;
import io.stagedoor.bench.load.RedisCommandStats;
import io.stagedoor.bench.load.RedisCpu;

/**
 * Cuts the run into phases: at each boundary it reads Redis's INFO (commands, memory, CPU), every process's CPU, the
 * crowd's counts and the latencies recorded since the last boundary, and hands back the phase between the two.
 */
final class PhaseMeter implements AutoCloseable {

    private record Mark(long nanos, RedisCommandStats.Reading redis, PhaseFigures.Cpu cpu, Crowd.Counts counts) {
    }

    private final HerdStack stack;
    private final LatencyLog latencies;
    private final RedisCommandStats commands;
    private final RedisCpu redisCpu;
    private Crowd crowd;
    private Mark last;

    PhaseMeter(HerdStack stack, LatencyLog latencies) {
        this.stack = stack;
        this.latencies = latencies;
        this.commands = new RedisCommandStats(stack.backend().redisUri());
        this.redisCpu = new RedisCpu(stack.backend().redisUri());
    }

    /**
     * Starts a phase now, counting {@code measured}'s requests from here on; what was recorded since the last
     * boundary is dropped (so the gap between two crowds' phases belongs to neither).
     */
    void start(Crowd measured) {
        this.crowd = measured;
        latencies.interval();
        last = mark();
    }

    /** Ends the phase under way as {@code name} and starts the next one now. */
    PhaseFigures end(String name, boolean complete) {
        Mark now = mark();
        PhaseFigures phase = new PhaseFigures(name, (now.nanos - last.nanos) / 1e9, now.counts.since(last.counts),
                now.redis.since(last.redis), last.redis.usedMemory(), now.cpu.minus(last.cpu), latencies.interval(),
                complete);
        last = now;
        return phase;
    }

    private Mark mark() {
        PhaseFigures.Cpu cpu = new PhaseFigures.Cpu(stack.ingressCpuNanos(), stack.nginxCpuNanos(),
                redisCpu.read().cpuNanos(), stack.backendCpuNanos(), ProcessCpu.nanos());
        return new Mark(System.nanoTime(), commands.read(), cpu, crowd == null ? Crowd.Counts.NONE : crowd.counts());
    }

    @Override
    public void close() {
        commands.close();
        redisCpu.close();
    }
}
