package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.HttpConnection.HttpAnswer;
import io.stagedoor.bench.load.HttpRequests;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * Distinct buyers of one event, each joining once and then polling their ticket's {@code Location} exactly when its
 * {@code Retry-After} says, until admitted; or, {@linkplain #joinOnly joining only}, each joining once and stopping at
 * their ticket. Their next requests wait in one {@link DelayQueue} ordered by due time; connections take them from it
 * ({@link CrowdDriver}) and hand back the answers. A failed request (no answer, or a status other than 200/202) is
 * asked again after its {@code Retry-After}, or 1 s. A buyer told anything but waiting or admitted (sold out, closed,
 * ended, expired), or a join without a {@code Location} to poll, stops and counts as ended. The passes of the first
 * buyers admitted are kept, up to a bound, for holds ({@link HoldingCrowd}). Thread-safe.
 */
final class BuyerCrowd implements Crowd {

    /**
     * An admitted buyer's pass, as the poll answer gave it.
     *
     * @param buyer the buyer's index in the crowd (and in its {@link BuyerPasses})
     * @param token the pass to send with a hold
     */
    record Pass(int buyer, String token) {
    }

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final String queuePath;
    private final BuyerPasses passes;
    private final HttpRequests http;
    private final LatencyLog latencies;
    private final String[] ticketPaths;
    private final DelayQueue<Visit> due = new DelayQueue<>();
    private final LongAdder joins = new LongAdder();
    private final LongAdder polls = new LongAdder();
    private final AtomicInteger joined = new AtomicInteger();
    private final AtomicInteger admitted = new AtomicInteger();
    private final AtomicInteger ended = new AtomicInteger();
    /** Each buyer's current polls a second (1 / Retry-After while waiting, else 0); one buyer's visits never overlap. */
    private final float[] pollRates;
    private final DoubleAdder pollDemand = new DoubleAdder();
    private final Map<String, LongAdder> endedBy = new ConcurrentHashMap<>();
    private final AtomicLongArray joinStatuses = new AtomicLongArray(600);
    private final AtomicLongArray pollStatuses = new AtomicLongArray(600);
    private final boolean polling;
    /** The passes of the first buyers admitted, in the order they were told; slots past {@link #passesTaken} unused. */
    private final Pass[] kept;
    private final AtomicInteger passesTaken = new AtomicInteger();

    private BuyerCrowd(String eventId, BuyerPasses passes, HttpRequests http, LatencyLog latencies, boolean polling,
                       int passesKept) {
        this.queuePath = "/v1/events/" + eventId + "/queue";
        this.passes = passes;
        this.http = http;
        this.latencies = latencies;
        this.ticketPaths = new String[passes.size()];
        this.pollRates = new float[passes.size()];
        this.polling = polling;
        this.kept = new Pass[Math.max(0, Math.min(passesKept, passes.size()))];
    }

    /** Buyers who join and poll until admitted, the passes of the first {@code passesKept} of them kept. */
    static BuyerCrowd polling(String eventId, BuyerPasses passes, HttpRequests http, LatencyLog latencies,
                              int passesKept) {
        return new BuyerCrowd(eventId, passes, http, latencies, true, passesKept);
    }

    /** Buyers who join once and stop at their ticket (or their pass), never polling. */
    static BuyerCrowd joinOnly(String eventId, BuyerPasses passes, HttpRequests http, LatencyLog latencies) {
        return new BuyerCrowd(eventId, passes, http, latencies, false, 0);
    }

    int size() {
        return ticketPaths.length;
    }

    /** Every buyer's join, due evenly at {@code perSecond} from {@code startNanos}. */
    void scheduleJoins(long startNanos, double perSecond) {
        for (int i = 0; i < ticketPaths.length; i++) {
            due.add(new Visit(i, true, startNanos + Math.round(i * SECOND / perSecond)));
        }
    }

    /** Every buyer's join, all due at {@code startNanos}: the connections take them as fast as they are answered. */
    void scheduleJoinsAtOnce(long startNanos) {
        for (int i = 0; i < ticketPaths.length; i++) {
            due.add(new Visit(i, true, startNanos));
        }
    }

    @Override
    public Visit next(long timeoutNanos) throws InterruptedException {
        return due.poll(timeoutNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public byte[] request(Visit visit) {
        return visit.join() ? http.post(queuePath, passes.token(visit.buyer()))
                : http.get(ticketPaths[visit.buyer()], passes.token(visit.buyer()));
    }

    @Override
    public void answered(Visit visit, HttpAnswer answer, long sentNanos, long doneNanos) {
        latencies.record(visit.join() ? LatencyLog.Route.JOIN : LatencyLog.Route.POLL, visit.dueNanos(), sentNanos,
                doneNanos);
        (visit.join() ? joins : polls).increment();
        int status = answer == null ? 0 : answer.status();
        (visit.join() ? joinStatuses : pollStatuses).incrementAndGet(status < 600 ? status : 0);
        if (status != 200 && status != 202) {
            long retry = answer == null || answer.retryAfter() < 1 ? 1 : answer.retryAfter();
            due.add(new Visit(visit.buyer(), visit.join(), doneNanos + retry * SECOND));
            return;
        }
        String text = new String(answer.body(), StandardCharsets.UTF_8);
        String standing = member(text, "status");
        if (visit.join()) {
            ticketPaths[visit.buyer()] = polling ? path(answer.location()) : null;
            joined.incrementAndGet();
            if (!polling && standing.equals("waiting")) {
                return;
            }
        }
        if (standing.equals("waiting") && ticketPaths[visit.buyer()] == null) {
            standing = "waiting without a Location";
        }
        long retry = Math.max(1, answer.retryAfter());
        pollRate(visit.buyer(), standing.equals("waiting") ? 1f / retry : 0f);
        switch (standing) {
            case "waiting" -> due.add(new Visit(visit.buyer(), false, doneNanos + retry * SECOND));
            case "admitted" -> {
                admitted.incrementAndGet();
                keep(visit.buyer(), member(text, "pass"));
            }
            default -> {
                ended.incrementAndGet();
                endedBy.computeIfAbsent(standing.isEmpty() ? "no status" : standing, why -> new LongAdder()).increment();
            }
        }
    }

    private void pollRate(int buyer, float rate) {
        pollDemand.add(rate - pollRates[buyer]);
        pollRates[buyer] = rate;
    }

    /** Keeps the pass while there is room for it; a buyer is told "admitted" once, as they stop polling then. */
    private void keep(int buyer, String pass) {
        if (pass.isEmpty() || passesTaken.get() >= kept.length) {
            return;
        }
        int slot = passesTaken.getAndIncrement();
        if (slot < kept.length) {
            kept[slot] = new Pass(buyer, pass);
        }
    }

    /** The passes kept, of the first buyers admitted; read once the crowd's driver is closed. */
    List<Pass> passes() {
        return Arrays.stream(kept, 0, Math.min(passesTaken.get(), kept.length)).filter(Objects::nonNull).toList();
    }

    @Override
    public Counts counts() {
        return new Counts(joins.sum(), joined.get(), polls.sum(), admitted.get(), ended.get(), pollDemand.sum(), 0, 0);
    }

    /** Buyers admitted or stopped: done with the room. */
    int finished() {
        return admitted.get() + ended.get();
    }

    /** Why buyers stopped without being admitted, with how many did: "sold-out x3"; "none". */
    String endings() {
        StringBuilder line = new StringBuilder();
        endedBy.forEach((why, count) -> line.append(line.isEmpty() ? "" : ", ").append(why).append(" x").append(count.sum()));
        return line.isEmpty() ? "none" : line.toString();
    }

    /** "202 x200000" style counts of every status each route was answered (0: no answer). */
    String statuses(boolean join) {
        AtomicLongArray counts = join ? joinStatuses : pollStatuses;
        StringBuilder line = new StringBuilder();
        for (int status = 0; status < counts.length(); status++) {
            if (counts.get(status) > 0) {
                line.append(line.isEmpty() ? "" : ", ").append(status == 0 ? "no answer" : status).append(" x")
                        .append(counts.get(status));
            }
        }
        return line.isEmpty() ? "none" : line.toString();
    }

    /**
     * A string member of a queue answer ({@code status}, {@code pass}), read without a JSON parser (Jackson writes it
     * without spaces); "" when absent.
     */
    private static String member(String text, String name) {
        String key = "\"" + name + "\":\"";
        int at = text.indexOf(key);
        return at < 0 ? "" : text.substring(at + key.length(), text.indexOf('"', at + key.length()));
    }

    /** The path of a {@code Location} (absolute or not); null for none. */
    private static String path(String location) {
        if (location == null) {
            return null;
        }
        int scheme = location.indexOf("://");
        return scheme < 0 ? location : location.substring(location.indexOf('/', scheme + 3));
    }
}
