package io.stagedoor.admission.parking;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;

/**
 * The rule that flags many accounts joining one event's room from one network ({@link AddressPrefix}: an IPv4 address
 * or an IPv6 /64) within a window: the join that makes the count pass {@code most}, and every later one from there in
 * that window, is flagged with why. One buyer, or a household of a few, is never flagged. Windows are whole windows of
 * the clock (each minute, by default), counted apart; counts are shared by every instance ({@link CrowdCounts}).
 */
public final class AddressCrowds {

    /** How many accounts one network may join with per window before the rest are flagged. */
    public static final int DEFAULT_MOST = 20;
    public static final Duration DEFAULT_WINDOW = Duration.ofMinutes(1);

    private final CrowdCounts counts;
    private final int most;
    private final Duration window;
    private final LongSupplier clock;

    /** @param clock epoch milliseconds */
    public AddressCrowds(CrowdCounts counts, int most, Duration window, LongSupplier clock) {
        this.counts = counts;
        this.most = most;
        this.window = window;
        this.clock = clock;
    }

    /**
     * Counts {@code accountId} joining {@code eventId} from {@code address}; the reason it is flagged, or empty. An
     * address that is not a literal is not counted (the caller's address comes from the connection or a trusted proxy).
     */
    public CompletionStage<Optional<String>> joined(String eventId, String address, String accountId) {
        Optional<String> prefix = AddressPrefix.of(address);
        if (prefix.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        long windowIndex = clock.getAsLong() / window.toMillis();
        // the event's length first, so no event and network can be shifted into another pair
        String key = eventId.length() + ":" + eventId + prefix.get() + "@" + windowIndex;
        return counts.add(key, accountId, window).thenApply(count -> count > most
                ? Optional.of(ParkingReasons.addressCrowd(count, AddressPrefix.readable(prefix.get()), window))
                : Optional.empty());
    }
}
