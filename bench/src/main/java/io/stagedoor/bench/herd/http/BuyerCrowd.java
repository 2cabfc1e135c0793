package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.HttpConnection.HttpAnswer;
import io.stagedoor.bench.load.HttpRequests;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * Distinct buyers of one event, each joining once and then polling their ticket's {@code Location} exactly when its
 * {@code Retry-After} says, until admitted. Their next requests wait in one {@link DelayQueue} ordered by due time;
 * connections take them from it ({@link CrowdDriver}) and hand back the answers. A failed request (no answer, or a
 * status other than 200/202) is asked again after its {@code Retry-After}, or 1 s. A buyer told anything but
 * waiting or admitted (sold out, closed, ended, expired), or a join without a {@code Location} to poll, stops and
 * counts as ended. Thread-safe.
 */
final class BuyerCrowd {

    /**
     * Cumulative counts at one moment, and the poll rate the crowd asks for then.
     *
     * @param pollDemand polls a second the waiting buyers ask for if each is served when due: the sum of
     *                   1 / Retry-After over them
     */
    record Counts(long joins, long joined, long polls, long admitted, long ended, double pollDemand) {

        /** The counts since {@code earlier}; the demand is this moment's. */
        Counts since(Counts earlier) {
            return new Counts(joins - earlier.joins, joined - earlier.joined, polls - earlier.polls,
                    admitted - earlier.admitted, ended - earlier.ended, pollDemand);
        }
    }

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
    private static final String STATUS = "\"status\":\"";

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

    BuyerCrowd(String eventId, BuyerPasses passes, HttpRequests http, LatencyLog latencies) {
        this.queuePath = "/v1/events/" + eventId + "/queue";
        this.passes = passes;
        this.http = http;
        this.latencies = latencies;
        this.ticketPaths = new String[passes.size()];
        this.pollRates = new float[passes.size()];
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

    /** The next request due, waiting at most {@code timeoutNanos}; null when none came due. */
    Visit next(long timeoutNanos) throws InterruptedException {
        return due.poll(timeoutNanos, TimeUnit.NANOSECONDS);
    }

    byte[] request(Visit visit) {
        return visit.join() ? http.post(queuePath, passes.token(visit.buyer()))
                : http.get(ticketPaths[visit.buyer()], passes.token(visit.buyer()));
    }

    /** What {@code visit} was answered ({@code answer} null when the exchange failed), and the buyer's next step. */
    void answered(Visit visit, HttpAnswer answer, long sentNanos, long doneNanos) {
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
        String standing = standing(answer.body());
        if (visit.join()) {
            ticketPaths[visit.buyer()] = path(answer.location());
            joined.incrementAndGet();
        }
        if (standing.equals("waiting") && ticketPaths[visit.buyer()] == null) {
            standing = "waiting without a Location";
        }
        long retry = Math.max(1, answer.retryAfter());
        pollRate(visit.buyer(), standing.equals("waiting") ? 1f / retry : 0f);
        switch (standing) {
            case "waiting" -> due.add(new Visit(visit.buyer(), false, doneNanos + retry * SECOND));
            case "admitted" -> admitted.incrementAndGet();
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

    Counts counts() {
        return new Counts(joins.sum(), joined.get(), polls.sum(), admitted.get(), ended.get(), pollDemand.sum());
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

    /** The {@code status} member of a queue answer, read without a JSON parser (Jackson writes it without spaces). */
    private static String standing(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        int at = text.indexOf(STATUS);
        return at < 0 ? "" : text.substring(at + STATUS.length(), text.indexOf('"', at + STATUS.length()));
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
