package io.stagedoor.harness.demo;

import io.stagedoor.client.Result;
import io.stagedoor.client.ResultStatus;
import io.stagedoor.harness.load.OpenLoop;
import io.stagedoor.harness.load.Pacing;
import io.stagedoor.workers.payment.PayrailSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.function.Function;

/**
 * The buyers: they arrive spread over the moments before the room opens, each on a virtual thread, queue for a
 * pass, then shop (at most {@code concurrency} at once): hold 1–2 seats, asking for others when they are taken, and
 * pay, most with a good card, a few with one that is declined. The tickets they buy are kept for the gate.
 */
final class Crowd {

    private final DemoSettings settings;
    private final Function<Integer, Visit> visits;
    private final Function<Integer, String> tokens;
    private final SeatPicker seats;
    private final CrowdTally tally;
    private final Queue<String> tickets = new ConcurrentLinkedQueue<>();
    private final Semaphore shopping;

    /**
     * @param visits how buyer {@code i} reaches the service (the office's buyers through their proxy)
     * @param tokens buyer {@code i}'s bearer token
     */
    Crowd(DemoSettings settings, Function<Integer, Visit> visits, Function<Integer, String> tokens, SeatPicker seats,
          CrowdTally tally) {
        this.settings = settings;
        this.visits = visits;
        this.tokens = tokens;
        this.seats = seats;
        this.tally = tally;
        this.shopping = new Semaphore(settings.concurrency());
    }

    /** Whether buyer {@code i} is in the office: spread evenly through the crowd. */
    static boolean inOffice(int buyer, DemoSettings settings) {
        return settings.office() > 0 && buyer % Math.max(1, settings.buyers() / settings.office()) == 0
                && buyer / Math.max(1, settings.buyers() / settings.office()) < settings.office();
    }

    /** Runs every buyer's visit, arrivals spread from now until {@code opensAt}; returns when all are done. */
    void run(Instant opensAt) throws InterruptedException {
        int buyers = settings.buyers();
        // every buyer who arrives comes in: as many in flight as there are buyers
        OpenLoop arrivals = new OpenLoop(Pacing.spread(buyers, Duration.between(Instant.now(), opensAt)),
                Math.max(1, buyers), OpenLoop.WhenFull.SEND_LATE);
        OpenLoop.Run run = arrivals.start(Duration.ZERO, buyers, (none, buyer, due) -> visit((int) buyer));
        try {
            run.join();
        } catch (InterruptedException e) {
            run.cancel();
            throw e;
        }
    }

    /** Tickets bought, for the scanner phones. */
    List<String> tickets() {
        return List.copyOf(tickets);
    }

    private void visit(int buyer) {
        tally.arrived.incrementAndGet();
        Visit visit = visits.apply(buyer);
        String token = tokens.apply(buyer);
        Optional<String> pass = visit.queue(token, settings.resultWait().multipliedBy(4));
        if (pass.isEmpty()) {
            return;
        }
        shopping.acquireUninterruptibly();
        try {
            if (!shop(buyer, visit, token, pass.get())) {
                // Given up: out of the room, so the slot goes to the next in line now, not when the pass expires.
                visit.leave(token);
            }
        } finally {
            shopping.release();
        }
    }

    /**
     * Holds 1–2 seats (other ones when they are taken, a few times) and pays; whether the checkout was confirmed,
     * which ends the buyer's session in the room by itself.
     */
    private boolean shop(int buyer, Visit visit, String token, String pass) {
        Random random = new Random(settings.seed() * 31 + buyer);
        Optional<Result> hold = Optional.empty();
        for (int attempt = 0; attempt < Visit.TRIES && hold.isEmpty(); attempt++) {
            Optional<Result> answer = visit.hold(token, pass, seats.next(1 + random.nextInt(2)));
            if (answer.isEmpty()) {
                return false;
            }
            hold = answer.filter(result -> result.status() == ResultStatus.HELD);
        }
        if (hold.isEmpty()) {
            return false;
        }
        String card = random.nextDouble() < settings.declineShare() ? PayrailSettings.TOKEN_DECLINE : PayrailSettings.TOKEN_OK;
        Optional<Result> paid = visit.pay(token, hold.get(), card)
                .filter(result -> result.status() == ResultStatus.CONFIRMED);
        paid.ifPresent(confirmed -> tickets.addAll(confirmed.tickets()));
        return paid.isPresent();
    }
}
