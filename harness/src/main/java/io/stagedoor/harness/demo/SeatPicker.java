package io.stagedoor.harness.demo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The seats buyers ask for: the seat map in a seeded random order, handed out in turn and around again once it
 * is exhausted (late buyers then ask for seats that are gone, as real ones do). Thread-safe.
 */
final class SeatPicker {

    private final List<String> order;
    private int next;

    SeatPicker(List<String> seats, long seed) {
        this.order = new ArrayList<>(seats);
        Collections.shuffle(order, new Random(seed));
    }

    synchronized List<String> next(int count) {
        List<String> seats = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            seats.add(order.get(next));
            next = (next + 1) % order.size();
        }
        return seats;
    }
}
