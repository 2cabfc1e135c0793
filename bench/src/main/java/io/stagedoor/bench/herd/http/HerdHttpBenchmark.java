package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.gateway.IngressProcess;
import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.Flags;
import io.stagedoor.bench.load.Machine;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code bench/run herd-http}: the waiting room with signed tickets over real HTTP. Two ingress processes share one
 * Redis and Kafka behind nginx; distinct buyers join the event's paused room at a steady rate and poll their ticket
 * exactly when {@code Retry-After} says; then, still paused, they only poll; then the room resumes and everyone
 * polls until admitted. Then, at saturation, fresh buyers join a paused room of their own and the first admitted
 * buyers hold a seat each, every request due at once. The bare route is probed through nginx throughout. Prints, per
 * phase, the traffic and its latencies and what it cost Redis (INFO commandstats, scripts' own commands included;
 * used_memory) and each process; then the headline figures, the joins and admitted holds a second per instance at
 * saturation with their ratio, and the product audit's verdict on the room's order. Exits 1 when a phase was cut by
 * the deadline or the order check failed. Flags: {@link HerdHttpSettings}.
 */
public final class HerdHttpBenchmark {

    private HerdHttpBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Flags flags = Flags.parse(args);
        HerdHttpSettings settings = HerdHttpSettings.read(flags);
        flags.rejectUnknown();
        long started = System.nanoTime();
        long deadline = started + settings.deadline().toNanos();
        Path log = Path.of(System.getProperty("bench.log", "bench.log"));
        BuyerPasses warmup = new BuyerPasses("herd-warm", settings.warmupBuyers());
        BuyerPasses buyers = new BuyerPasses("herd-buyer", settings.buyers());
        BuyerPasses rushBuyers = new BuyerPasses("herd-rush", settings.rushBuyers());
        boolean passed = false;
        try (HerdStack stack = HerdStack.start(settings.ingresses(), settings.heap(), settings.connections(), log)) {
            // Ctrl-C or a kill still stops nginx and the child JVMs; closing twice closes once.
            Thread hook = new Thread(stack::close, "herd-http-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            describe(settings, stack);
            HerdHttpRun run = new HerdHttpRun(settings, stack, deadline);
            HerdHttpRun.Outcome outcome = run.run(warmup, buyers, rushBuyers);
            System.out.println();
            new PhaseTables(System.out).print(outcome.phases());
            System.out.println();
            new Headlines(System.out).print(outcome.phases());
            System.out.println();
            outcome.saturation().print(System.out, settings.ingresses(), settings.rushConnections(),
                    settings.connections());
            System.out.println();
            System.out.printf(Locale.ROOT, "answers: joins %s; polls %s; stopped without admission: %s; bare probes not "
                    + "200: %d%n", outcome.joinStatuses(), outcome.pollStatuses(), outcome.endings(), outcome.bareFailures());
            System.out.println(IngressCounters.describe(stack.ingresses()));
            System.out.println("room status after the run (admin route): " + run.operator().status(HerdHttpRun.EVENT));
            boolean ordered = OrderVerdict.print(stack.backend().kafkaBootstrap(), outcome.from(), outcome.to(),
                    outcome.admitted(), System.out);
            passed = ordered && outcome.complete();
            System.out.printf(Locale.ROOT, "%s; %d of %d buyers admitted; run took %.0f s; load average after: %s%n",
                    outcome.complete() ? "every phase ran to its end" : "a phase was CUT by its deadline or the run's",
                    outcome.admitted(), settings.buyers(), (System.nanoTime() - started) / 1e9, Machine.loadAverage());
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (Exception | Error e) {
            // the stack is stopped by now; exit rather than wait on a client thread that may still linger
            e.printStackTrace();
        }
        System.exit(passed ? 0 : 1);
    }

    private static void describe(HerdHttpSettings s, HerdStack stack) {
        StringBuilder ingresses = new StringBuilder();
        for (IngressProcess ingress : stack.ingresses()) {
            ingresses.append(ingresses.isEmpty() ? "" : ", ").append(IngressProcess.HOST).append(':')
                    .append(ingress.port()).append(" (admin ").append(ingress.adminPort()).append(')');
        }
        System.out.printf(Locale.ROOT, "herd over HTTP: %d ingress processes (each its own JVM -Xmx%s, the product's "
                        + "Ingress as `stagedoor ingress` starts it, via bench's IngressMain; defaults, so signed room "
                        + "tickets; ingress.instance-count=%d) on %s; Kafka, workers and Redis in a backend JVM; nginx "
                        + "round robin, upstream keepalive %d per worker, on %s:%d (config %s)%n", s.ingresses(), s.heap(), s.ingresses(),
                ingresses, stack.nginx().keepalive(), NginxBalancer.HOST, stack.nginx().port(),
                stack.nginx().configuration());
        System.out.printf(Locale.ROOT, "event %s, %s room at %.0f/s, paused before anyone joins; %,d distinct buyers "
                        + "join at %.0f/s and poll when Retry-After says, over %d connections to nginx; idle %d s, polls "
                        + "only %d s; GET %s at %.0f/s; warm-up %,d buyers through %s first; deadline %d min; %s%n",
                HerdHttpRun.EVENT, s.queueing(), s.rate(), s.buyers(), s.joinRate(), s.connections(), s.idle().toSeconds(),
                s.pollOnly().toSeconds(), BareProbe.PATH, s.bareRate(), s.warmupBuyers(), HerdHttpRun.WARMUP_EVENT,
                s.deadline().toMinutes(), Machine.describe());
        System.out.printf(Locale.ROOT, "then at saturation, every request due at once: %,d fresh buyers join the paused "
                        + "room of %s over %d connections (for at most %d s); then the first %,d buyers admitted hold "
                        + "one seat each of %s's %,d over %d (for at most %d s); the first %,d warm-up buyers admitted "
                        + "hold a seat each too; the organizer limit on holds opened (%s)%n", s.rushBuyers(),
                HerdHttpRun.RUSH_EVENT, s.rushConnections(), s.rushLength().toSeconds(), s.holdBuyers(),
                HerdHttpRun.EVENT, HerdHttpSettings.seatsFor(s.holdBuyers()), s.connections(),
                s.holdLength().toSeconds(), s.warmupHolds(), HerdStack.OPEN_ORGANIZER);
    }
}
