package io.stagedoor.workers.inventory;

import static io.stagedoor.workers.inventory.InventoryDriver.HOLD_TTL;
import static io.stagedoor.workers.inventory.InventoryDriver.START;
import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.Reasons;
import io.stagedoor.topics.Result;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.SeatStatus;
import java.util.List;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hold rules on the inventory's own topology (no broker; {@code HoldPathIT} proves the same path on a broker): a
 * hold of free seats is held for the hold lifetime, all or none; one that asks for a taken, unknown or undefined seat
 * is rejected and changes no seat; every result is keyed by, and carries in its header, the request's correlation id.
 */
class InventoryHoldsTest {

    private static final String EVENT = "ev";

    private final InventoryDriver inventory = new InventoryDriver("holds");

    InventoryHoldsTest() {
        inventory.define(EVENT, 10, EventDefinition.DEFAULT_MAX_SEATS_PER_BUYER);
    }

    @AfterEach
    void stop() {
        inventory.close();
    }

    @Test
    void aHoldOfFreeSeatsIsHeldForTheHoldLifetime() {
        HoldRequested request = inventory.sendHold(EVENT, "buyer-a", List.of("s1", "s2"));

        Result held = inventory.results.readValue();
        assertThat(held.status()).isEqualTo(ResultStatus.HELD);
        assertThat(held.owner()).isEqualTo("buyer-a");
        assertThat(held.holdId()).isEqualTo(InventoryIds.holdId(request.correlationId())).startsWith("hold_");
        assertThat(held.seats()).containsExactly("s1", "s2");
        assertThat(held.expiresAt()).isEqualTo(START.plus(HOLD_TTL));
        assertThat(inventory.seatChanges.readValuesToList()).containsExactly(new SeatChange(EVENT,
                List.of("s1", "s2"), SeatStatus.HELD, held.holdId(), "held", START));
    }

    @Test
    void aHoldOnASeatAnotherBuyerHoldsIsRejectedAndHoldsNoneOfItsSeats() {
        inventory.sendHold(EVENT, "buyer-a", List.of("s1", "s2"));
        inventory.results.readValue();
        inventory.seatChanges.readValue();

        inventory.sendHold(EVENT, "buyer-b", List.of("s2", "s3"));
        Result second = inventory.results.readValue();
        assertThat(second.status()).isEqualTo(ResultStatus.REJECTED);
        assertThat(second.reason()).isEqualTo(Reasons.SEAT_UNAVAILABLE);
        assertThat(second.holdId()).isNull();
        assertThat(inventory.seatChanges.isEmpty()).isTrue();

        // All or none: the free seat of the rejected hold is still free.
        inventory.sendHold(EVENT, "buyer-c", List.of("s3"));
        assertThat(inventory.results.readValue().status()).isEqualTo(ResultStatus.HELD);
    }

    @Test
    void aHoldOfASeatTheEventDoesNotHaveIsRejectedAsUnknownSeat() {
        inventory.sendHold(EVENT, "buyer-a", List.of("s1", "s99"));

        assertThat(inventory.results.readValue().reason()).isEqualTo(Reasons.UNKNOWN_SEAT);
        assertThat(inventory.seatChanges.isEmpty()).isTrue();
    }

    @Test
    void aHoldOnAnEventNobodyDefinedIsRejectedAsUnknownEvent() {
        inventory.sendHold("no-such-event", "buyer-a", List.of("s1"));

        assertThat(inventory.results.readValue().reason()).isEqualTo(Reasons.UNKNOWN_EVENT);
    }

    @Test
    void everyResultIsKeyedByItsRequestsCorrelationIdAndCarriesItInAHeader() {
        HoldRequested held = inventory.sendHold(EVENT, "buyer-a", List.of("s1"));
        HoldRequested rejected = inventory.sendHold(EVENT, "buyer-b", List.of("s1"));

        List<TestRecord<String, Result>> records = inventory.results.readRecordsToList();
        assertThat(records).extracting(record -> record.value().status())
                .containsExactly(ResultStatus.HELD, ResultStatus.REJECTED);
        assertThat(records).extracting(TestRecord::key)
                .containsExactly(held.correlationId(), rejected.correlationId());
        assertThat(records).extracting(record -> Headers.correlationId(record.headers()))
                .containsExactly(held.correlationId(), rejected.correlationId());
        assertThat(records).extracting(record -> record.value().correlationId())
                .containsExactly(held.correlationId(), rejected.correlationId());
    }

    @Test
    void aRedeliveredHoldGetsNoSecondResultAndChangesNoSeatAgain() {
        HoldRequested request = inventory.sendHold(EVENT, "buyer-a", List.of("s1"));
        inventory.holds.pipeInput(EVENT, request);

        assertThat(inventory.results.readValuesToList()).hasSize(1);
        assertThat(inventory.seatChanges.readValuesToList()).hasSize(1);
    }
}
