package io.stagedoor.workers.inventory;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * Ids the inventory mints. Each is a name-based UUID of the correlation id that caused it, so a batch that
 * Kafka Streams aborts and processes again mints the very same ids.
 */
final class InventoryIds {

    private InventoryIds() {
    }

    static String holdId(String holdCorrelationId) {
        return "hold_" + uuid("hold:" + holdCorrelationId);
    }

    static String orderId(String checkoutCorrelationId) {
        return "ord_" + uuid("order:" + checkoutCorrelationId);
    }

    static List<String> tickets(String checkoutCorrelationId, List<String> seats) {
        return seats.stream().map(seat -> "tkt_" + uuid("ticket:" + checkoutCorrelationId + ":" + seat)).toList();
    }

    private static String uuid(String name) {
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
