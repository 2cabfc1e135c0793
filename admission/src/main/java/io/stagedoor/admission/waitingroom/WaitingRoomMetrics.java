package io.stagedoor.admission.waitingroom;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Binds {@link WaitingRoomMeter} to a Micrometer registry. Meters are tagged by event; their number is bounded by
 * the events operators define.
 */
final class WaitingRoomMetrics implements ShareFallback.Counter {

    private final MeterRegistry registry;
    private final ConcurrentMap<String, AtomicReference<RoomState>> lastState = new ConcurrentHashMap<>();

    WaitingRoomMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void joined(String eventId, RoomSource source, Duration estimate) {
        counter(WaitingRoomMeter.JOINED, WaitingRoomMeter.TAG_EVENT, eventId, WaitingRoomMeter.TAG_SOURCE, tag(source))
                .increment();
        timer(WaitingRoomMeter.ESTIMATED_WAIT, eventId).record(estimate);
    }

    void admitted(String eventId, RoomSource source, Duration actual) {
        counter(WaitingRoomMeter.ADMITTED, WaitingRoomMeter.TAG_EVENT, eventId, WaitingRoomMeter.TAG_SOURCE, tag(source))
                .increment();
        timer(WaitingRoomMeter.ACTUAL_WAIT, eventId).record(actual);
    }

    void ended(String eventId, SessionEnd why) {
        counter(WaitingRoomMeter.ENDED, WaitingRoomMeter.TAG_EVENT, eventId, WaitingRoomMeter.TAG_REASON, why.text())
                .increment();
    }

    void refused(String eventId, QueueTicket.Standing why) {
        counter(WaitingRoomMeter.REFUSED, WaitingRoomMeter.TAG_EVENT, eventId, WaitingRoomMeter.TAG_REASON,
                why.name().toLowerCase(Locale.ROOT).replace('_', '-')).increment();
    }

    void parked(String eventId) {
        counter(WaitingRoomMeter.PARKED, WaitingRoomMeter.TAG_EVENT, eventId).increment();
    }

    void shuffled(String eventId) {
        counter(WaitingRoomMeter.SHUFFLES, WaitingRoomMeter.TAG_EVENT, eventId).increment();
    }

    @Override
    public void answeredInProcess(String eventId, String operation) {
        counter(WaitingRoomMeter.FALLBACK, WaitingRoomMeter.TAG_EVENT, eventId, WaitingRoomMeter.TAG_OPERATION, operation)
                .increment();
    }

    /** Keeps the room's latest state for the gauges, registering them the first time the event is seen. */
    void observed(String eventId, RoomState state) {
        lastState.computeIfAbsent(eventId, id -> {
            AtomicReference<RoomState> holder = new AtomicReference<>(state);
            Gauge.builder(WaitingRoomMeter.QUEUE_LENGTH.meterName(), holder, h -> h.get().queueLength())
                    .description(WaitingRoomMeter.QUEUE_LENGTH.description())
                    .tag(WaitingRoomMeter.TAG_EVENT, id).register(registry);
            Gauge.builder(WaitingRoomMeter.ENTRY_RATE.meterName(), holder,
                            h -> h.get().paused() ? 0 : h.get().rate().perSecond())
                    .description(WaitingRoomMeter.ENTRY_RATE.description())
                    .tag(WaitingRoomMeter.TAG_EVENT, id).register(registry);
            Gauge.builder(WaitingRoomMeter.ACTIVE.meterName(), holder, h -> h.get().active())
                    .description(WaitingRoomMeter.ACTIVE.description())
                    .tag(WaitingRoomMeter.TAG_EVENT, id).register(registry);
            return holder;
        }).set(state);
    }

    /** The current count of one counter, 0 if it never counted. */
    double count(WaitingRoomMeter meter, String... tags) {
        Counter counter = registry.find(meter.meterName()).tags(tags).counter();
        return counter == null ? 0 : counter.count();
    }

    private Counter counter(WaitingRoomMeter meter, String... tags) {
        return Counter.builder(meter.meterName()).description(meter.description()).tags(tags).register(registry);
    }

    private Timer timer(WaitingRoomMeter meter, String eventId) {
        return Timer.builder(meter.meterName()).description(meter.description())
                .tag(WaitingRoomMeter.TAG_EVENT, eventId).register(registry);
    }

    private static String tag(RoomSource source) {
        return source.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
