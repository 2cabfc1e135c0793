package io.stagedoor.ingress.presale;

import io.stagedoor.admission.presale.Presales;
import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.PresaleRecord;
import io.stagedoor.topics.PresaleSettings;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs each presale's lottery once {@code drawAt} has passed and passes winners' unused codes to the wait-list once
 * {@code codesUsedBy} has, with no operator's call: every instance may try, the book keeps the first draw and the first
 * pass, and only the call that made one records it. An operator's call does the same at any time after.
 */
final class PresaleSchedule implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PresaleSchedule.class);
    static final long TICK_MILLIS = 1_000;

    private final EventCatalog catalog;
    private final Presales presales;
    private final PresaleJournal journal;
    private final Clock clock;
    private final Set<String> done = ConcurrentHashMap.newKeySet();
    private final Set<String> running = ConcurrentHashMap.newKeySet();
    /** Steps this instance made and could not write yet, by step. */
    private final Map<String, List<PresaleRecord>> unrecorded = new ConcurrentHashMap<>();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("presale-schedule").daemon().factory());

    PresaleSchedule(EventCatalog catalog, Presales presales, PresaleJournal journal, Clock clock) {
        this.catalog = catalog;
        this.presales = presales;
        this.journal = journal;
        this.clock = clock;
    }

    PresaleSchedule start() {
        ticker.scheduleWithFixedDelay(this::tick, TICK_MILLIS, TICK_MILLIS, TimeUnit.MILLISECONDS);
        return this;
    }

    /** Draws and passes what is due; at most one call per presale step in flight. Never throws. */
    void tick() {
        try {
            unrecorded.forEach((key, steps) -> step(key + "-again",
                    () -> journal.recordAll(steps).toCompletableFuture().thenRun(() -> unrecorded.remove(key))));
            Instant now = clock.instant();
            for (EventDefinition event : catalog.all()) {
                PresaleSettings presale = event.waitingRoom().presale();
                if (presale == null) {
                    continue;
                }
                if (!now.isBefore(PresaleFeature.drawFrom(presale))) {
                    step(event.eventId() + "#draw", () -> draw(event.eventId(), presale, now));
                }
                if (!now.isBefore(presale.codesUsedBy()) && done.contains(event.eventId() + "#draw")) {
                    step(event.eventId() + "#wait-list", () -> passToWaitList(event.eventId(), presale, now));
                }
            }
        } catch (RuntimeException e) {
            LOG.debug("presale schedule tick failed: {}", e.toString());
        }
    }

    private void step(String key, java.util.function.Supplier<CompletableFuture<Void>> call) {
        if (done.contains(key) || !running.add(key)) {
            return;
        }
        call.get().whenComplete((finished, error) -> {
            running.remove(key);
            if (error == null) {
                done.add(key);
            } else {
                LOG.debug("presale step {} failed; trying again: {}", key, error.toString());
            }
        });
    }

    /**
     * Draws, and writes the draw when this instance made it; a writing that failed is tried again with the same
     * draw at the next tick, not left to a call that did not make it.
     */
    CompletableFuture<Void> draw(String eventId, PresaleSettings presale, Instant now) {
        return presales.draw(eventId, PresaleFeature.plan(presale)).thenCompose(drawn -> !drawn.now()
                ? CompletableFuture.<Void>completedFuture(null)
                : recorded(eventId + "#draw-record", AdminPresaleResource.drawSteps(eventId, drawn, now)))
                .toCompletableFuture();
    }

    CompletableFuture<Void> passToWaitList(String eventId, PresaleSettings presale, Instant now) {
        return presales.passToWaitList(eventId, PresaleFeature.plan(presale)).thenCompose(passed -> passed
                .filter(Presales.Drawn::now)
                .map(drawn -> recorded(eventId + "#wait-list-record",
                        AdminPresaleResource.waitListSteps(eventId, drawn, now)))
                .orElseGet(() -> CompletableFuture.completedFuture(null))).toCompletableFuture();
    }

    /** Writes {@code steps}; kept to be written again at each tick until the broker has them all. */
    private CompletableFuture<Void> recorded(String key, List<PresaleRecord> steps) {
        unrecorded.put(key, steps);
        return journal.recordAll(steps).toCompletableFuture().thenRun(() -> unrecorded.remove(key));
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}
