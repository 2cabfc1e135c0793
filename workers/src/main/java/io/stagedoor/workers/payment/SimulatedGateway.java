package io.stagedoor.workers.payment;

import io.stagedoor.workers.WorkersMessages;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * "Payrail", a simulated payment gateway in process. Every answer takes the configured latency without holding
 * a thread while it waits; test tokens force an outcome, other tokens follow the configured rates. The first
 * call under a key decides its outcome and charges at most once; later calls get the same outcome. It keeps a
 * {@link PaymentLedger} and counts the calls in progress, so tests can check bounds and double charges.
 */
public final class SimulatedGateway implements PaymentGateway {

    private final PayrailSettings settings;
    private final PaymentLedger ledger = new PaymentLedger();
    private final Map<String, CompletableFuture<Charge>> outcomes = new ConcurrentHashMap<>();
    private final Set<String> voided = ConcurrentHashMap.newKeySet();
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicInteger mostInProgress = new AtomicInteger();
    private final Random random;
    private volatile Executor afterLatency;
    private final Executor afterHang;

    public SimulatedGateway(PayrailSettings settings) {
        this.settings = settings;
        this.random = new Random(settings.seed());
        this.afterLatency = CompletableFuture.delayedExecutor(settings.latency().toNanos(), TimeUnit.NANOSECONDS);
        this.afterHang = CompletableFuture.delayedExecutor(settings.hangFor().toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Every answer from now on takes {@code latency} (calls already waiting keep theirs): a gateway slowing down or
     * recovering, for tests and drills.
     */
    public void latency(Duration latency) {
        if (latency == null || latency.isNegative()) {
            throw new IllegalArgumentException(WorkersMessages.negativeLatency(latency));
        }
        this.afterLatency = CompletableFuture.delayedExecutor(latency.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** A gateway with {@link PayrailSettings#defaults()}. */
    public static SimulatedGateway withDefaults() {
        return new SimulatedGateway(PayrailSettings.defaults());
    }

    @Override
    public CompletionStage<Charge> charge(String idempotencyKey, long amountCents, String paymentToken) {
        ledger.called(idempotencyKey);
        inProgress.incrementAndGet();
        mostInProgress.accumulateAndGet(inProgress.get(), Math::max);
        CompletableFuture<Charge> first = new CompletableFuture<>();
        CompletableFuture<Charge> earlier = outcomes.putIfAbsent(idempotencyKey, first);
        CompletableFuture<Charge> answer;
        if (earlier == null) {
            decide(first, idempotencyKey, amountCents, paymentToken);
            answer = first;
        } else {
            // A repeat answers with the first outcome, after the same network latency.
            answer = earlier.thenApplyAsync(charge -> charge, afterLatency);
        }
        return answer.thenApply(this::unlessVoided).whenComplete((charge, error) -> inProgress.decrementAndGet());
    }

    @Override
    public CompletionStage<Void> voidCharge(String idempotencyKey, String reason) {
        synchronized (this) {
            if (voided.add(idempotencyKey) && ledger.charges(idempotencyKey) > 0) {
                ledger.recordVoid(idempotencyKey);
            }
        }
        return CompletableFuture.runAsync(() -> { }, afterLatency);
    }

    /** What the gateway did. */
    public PaymentLedger ledger() {
        return ledger;
    }

    /** Charge calls in progress now. */
    public int inProgress() {
        return inProgress.get();
    }

    /** The most charge calls ever in progress at once. */
    public int mostInProgress() {
        return mostInProgress.get();
    }

    private void decide(CompletableFuture<Charge> outcome, String key, long amountCents, String token) {
        switch (forcedOrRandom(token)) {
            case APPROVED -> CompletableFuture.runAsync(() -> outcome.complete(approve(key, amountCents)), afterLatency);
            case DECLINED -> CompletableFuture.runAsync(() -> {
                ledger.declined(key);
                outcome.complete(new Charge(key, Charge.Status.DECLINED, null, "card declined"));
            }, afterLatency);
            default -> CompletableFuture.runAsync(() -> outcome.completeExceptionally(
                    new PaymentTimeoutException(WorkersMessages.payrailDidNotAnswer(key))), afterHang);
        }
    }

    private synchronized Charge approve(String key, long amountCents) {
        ledger.charged(key, amountCents);
        if (voided.contains(key)) {
            // The void overtook the charge: the money goes straight back.
            ledger.recordVoid(key);
        }
        return new Charge(key, Charge.Status.APPROVED, "ch_" + UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8)), null);
    }

    private Charge unlessVoided(Charge charge) {
        return voided.contains(charge.idempotencyKey()) && charge.status() == Charge.Status.APPROVED
                ? new Charge(charge.idempotencyKey(), Charge.Status.VOIDED, charge.chargeId(), "voided")
                : charge;
    }

    private enum Decision { APPROVED, DECLINED, TIMEOUT }

    private Decision forcedOrRandom(String token) {
        if (PayrailSettings.TOKEN_OK.equals(token)) {
            return Decision.APPROVED;
        }
        if (PayrailSettings.TOKEN_DECLINE.equals(token)) {
            return Decision.DECLINED;
        }
        if (PayrailSettings.TOKEN_TIMEOUT.equals(token)) {
            return Decision.TIMEOUT;
        }
        double draw;
        synchronized (random) {
            draw = random.nextDouble();
        }
        return draw < settings.declineRate() ? Decision.DECLINED
                : draw < settings.declineRate() + settings.timeoutRate() ? Decision.TIMEOUT
                : Decision.APPROVED;
    }
}
