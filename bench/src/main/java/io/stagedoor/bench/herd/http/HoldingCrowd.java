package io.stagedoor.bench.herd.http;

import io.stagedoor.bench.load.BuyerPasses;
import io.stagedoor.bench.load.HttpConnection.HttpAnswer;
import io.stagedoor.bench.load.HttpRequests;
import io.stagedoor.ingress.waitingroom.WaitingRoomFeature;
import java.util.List;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Admitted buyers of one event, each posting one hold of one seat of their own ({@code s1} for the first, {@code s2}
 * for the next, …) with their pass in {@value WaitingRoomFeature#PASS_HEADER} and their bearer token, and asking
 * nothing more whatever the answer: every seat is asked for once, so the answers' statuses add up to the holds sent.
 * The event needs a seat map of at least {@link #size()} seats named so. Thread-safe.
 */
final class HoldingCrowd implements Crowd {

    private final String holdsPath;
    private final List<BuyerCrowd.Pass> holders;
    private final BuyerPasses tokens;
    private final HttpRequests http;
    private final LatencyLog latencies;
    private final DelayQueue<Visit> due = new DelayQueue<>();
    private final LongAdder holds = new LongAdder();
    private final LongAdder accepted = new LongAdder();
    private final AtomicLongArray statuses = new AtomicLongArray(600);

    /** {@code holders}' passes for {@code eventId}, whose bearer tokens are in {@code tokens} at their index. */
    HoldingCrowd(String eventId, List<BuyerCrowd.Pass> holders, BuyerPasses tokens, HttpRequests http,
                 LatencyLog latencies) {
        this.holdsPath = "/v1/events/" + eventId + "/holds";
        this.holders = List.copyOf(holders);
        this.tokens = tokens;
        this.http = http;
        this.latencies = latencies;
    }

    int size() {
        return holders.size();
    }

    /** Every holder's hold, all due at {@code startNanos}: the connections take them as fast as they are answered. */
    void scheduleAtOnce(long startNanos) {
        for (int i = 0; i < holders.size(); i++) {
            due.add(new Visit(i, false, startNanos));
        }
    }

    @Override
    public Visit next(long timeoutNanos) throws InterruptedException {
        return due.poll(timeoutNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public byte[] request(Visit visit) {
        BuyerCrowd.Pass holder = holders.get(visit.buyer());
        return http.postJson(holdsPath, tokens.token(holder.buyer()), "{\"seats\":[\"s" + (visit.buyer() + 1) + "\"]}",
                WaitingRoomFeature.PASS_HEADER, holder.token());
    }

    @Override
    public void answered(Visit visit, HttpAnswer answer, long sentNanos, long doneNanos) {
        latencies.record(LatencyLog.Route.HOLD, visit.dueNanos(), sentNanos, doneNanos);
        int status = answer == null ? 0 : answer.status();
        statuses.incrementAndGet(status < 600 ? status : 0);
        if (status == 202) {
            accepted.increment();
        }
        holds.increment();
    }

    @Override
    public Counts counts() {
        return new Counts(0, 0, 0, 0, 0, 0, holds.sum(), accepted.sum());
    }

    /** The answers so far: "202 x19650, 429 x0, 503 x350", then any other status ("no answer" for a failed exchange). */
    String statuses() {
        StringBuilder line = new StringBuilder();
        for (int status : new int[] {202, 429, 503}) {
            line.append(line.isEmpty() ? "" : ", ").append(status).append(" x").append(statuses.get(status));
        }
        for (int status = 0; status < statuses.length(); status++) {
            if (statuses.get(status) > 0 && status != 202 && status != 429 && status != 503) {
                line.append(", ").append(status == 0 ? "no answer" : status).append(" x").append(statuses.get(status));
            }
        }
        return line.toString();
    }
}
