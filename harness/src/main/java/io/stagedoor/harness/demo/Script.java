package io.stagedoor.harness.demo;

import io.stagedoor.client.Accepted;
import io.stagedoor.client.Decided;
import io.stagedoor.client.PassIssued;
import io.stagedoor.client.QueueAnswer;
import io.stagedoor.client.Refusal;
import io.stagedoor.client.RequestOptions;
import io.stagedoor.client.ResultStatus;
import io.stagedoor.client.StagedoorClient;
import io.stagedoor.client.SubmitAnswer;
import io.stagedoor.client.WaitOver;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * A script that tries to hold every seat from one account: it queues like anyone (the room admits accounts, not
 * scripts), then asks for the seat map in blocks of the most seats a hold may carry, one block after another, as
 * fast as the service lets it, and never pays. Its client honours {@code Retry-After}, so the buyer limit sets its
 * pace; once it holds the event's seat cap, the inventory rejects the rest with {@code buyer-seat-limit}. It stops
 * when told.
 */
final class Script {

    /** The account the script uses. */
    static final String BUYER = "script-7";
    /** Seats per hold: the most the hold route takes (the ingress's default). */
    static final int BLOCK = 8;
    /** Its wait after an answer that named none. */
    static final Duration PAUSE = Duration.ofSeconds(1);
    /** How often a wait looks whether the script was told to stop. */
    private static final Duration STOP_CHECK = Duration.ofMillis(200);

    private final StagedoorClient client;
    private final String token;
    private final String eventId;
    private final List<String> seats;
    private final int block;
    private final Duration resultWait;
    private final List<Acceptance> accepted = new CopyOnWriteArrayList<>();
    private final AtomicLong seatsHeld = new AtomicLong();
    private final AtomicLong holdsHeld = new AtomicLong();
    private final Rejections rejected = new Rejections();
    private volatile boolean stopped;
    private volatile Instant started;

    Script(StagedoorClient client, String token, String eventId, List<String> seats, int block, Duration resultWait) {
        this.client = client;
        this.token = token;
        this.eventId = eventId;
        this.seats = List.copyOf(seats);
        this.block = block;
        this.resultWait = resultWait;
    }

    /** Queues, then sweeps the seat map until {@link #stop()}. Blocking, for its own thread. */
    void run(CrowdTally tally, Duration patience) {
        // Like any buyer (Visit.queue), it queues again when the room lost its ticket, as a fallback queue may.
        QueueAnswer answer = null;
        for (int attempt = 0; attempt < Visit.TRIES && !(answer instanceof PassIssued)
                && !(answer instanceof WaitOver); attempt++) {
            answer = client.awaitPass(token, eventId, patience).join();
        }
        if (!(answer instanceof PassIssued pass)) {
            return;
        }
        started = Instant.now();
        RequestOptions options = RequestOptions.none().withWaitingRoomPass(pass.pass());
        for (int from = 0; !stopped; from = (from + block) % seats.size()) {
            List<String> wanted = seats.subList(from, Math.min(from + block, seats.size()));
            SubmitAnswer submitted = client.hold(token, eventId, wanted, options).join();
            if (submitted instanceof Accepted hold) {
                accepted.add(new Acceptance(Instant.now(), wanted.size()));
                tally.holdAccepted(Instant.now());
                if (client.awaitResult(token, hold.correlationId(), resultWait).join() instanceof Decided decided) {
                    if (decided.result().status() == ResultStatus.HELD) {
                        holdsHeld.incrementAndGet();
                        seatsHeld.addAndGet(decided.result().seats().size());
                    } else {
                        rejected.add(decided.result().reason());
                    }
                } else {
                    tally.withoutResult.incrementAndGet();
                }
            } else {
                // Its client gave up on a Retry-After beyond its patience: the script waits it out before it asks
                // again, as it claims to, instead of asking at once with the next block.
                waitOut(submitted instanceof Refusal refusal ? refusal.retryAfter().orElse(PAUSE) : PAUSE);
            }
        }
    }

    /** Waits {@code wait}, or until told to stop, whichever comes first. */
    private void waitOut(Duration wait) {
        long until = System.nanoTime() + wait.toNanos();
        try {
            while (!stopped && System.nanoTime() < until) {
                Thread.sleep(Math.min(STOP_CHECK.toMillis(), Math.max(1, (until - System.nanoTime()) / 1_000_000)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
        }
    }

    void stop() {
        stopped = true;
    }

    /** When the script got its pass and began, or null if it never did. */
    Instant started() {
        return started;
    }

    /** Seats in the holds the service accepted whose acceptance {@code during} says yes to. */
    long seatsAccepted(Predicate<Instant> during) {
        return accepted.stream().filter(hold -> during.test(hold.at())).mapToLong(Acceptance::seats).sum();
    }

    /** Holds the service accepted. */
    long holdsAccepted() {
        return accepted.size();
    }

    long holdsHeld() {
        return holdsHeld.get();
    }

    long seatsHeld() {
        return seatsHeld.get();
    }

    /** Its holds the inventory rejected, by reason: once it holds its event's seat cap, {@code buyer-seat-limit}. */
    Rejections rejected() {
        return rejected;
    }

    private record Acceptance(Instant at, int seats) {
    }
}
