package io.stagedoor.bench.herd;

import java.util.Arrays;

/**
 * Every simulated buyer, in arrays indexed by arrival (buyer {@code i} is the {@code i}-th to arrive), and the ring
 * of ticks at which each waiting buyer asks next. Millions of buyers fit: a buyer is a few numbers and their ticket.
 */
final class Crowd {

    static final byte NOT_YET = 0;
    static final byte WAITING = 1;
    static final byte ADMITTED = 2;
    static final byte GONE = 3;

    final byte[] state;
    final int[] place;
    final int[] joinedTick;
    final int[] estimateSeconds;
    final int[] admittedTick;
    final String[] ticket;
    private final int[][] ring;
    private final int[] ringSize;

    /** @param horizonTicks the farthest ahead a buyer may be told to ask again, in ticks */
    Crowd(int buyers, int horizonTicks) {
        state = new byte[buyers];
        place = new int[buyers];
        joinedTick = new int[buyers];
        estimateSeconds = new int[buyers];
        admittedTick = new int[buyers];
        ticket = new String[buyers];
        ring = new int[horizonTicks + 1][];
        ringSize = new int[horizonTicks + 1];
        Arrays.setAll(ring, slot -> new int[16]);
    }

    /** Buyer {@code buyer} asks again at tick {@code tick}. */
    void askAt(int buyer, int tick) {
        int slot = tick % ring.length;
        if (ringSize[slot] == ring[slot].length) {
            ring[slot] = Arrays.copyOf(ring[slot], ring[slot].length * 2);
        }
        ring[slot][ringSize[slot]++] = buyer;
    }

    /** The buyers who ask at tick {@code tick}, taken off the ring. */
    int[] askingAt(int tick) {
        int slot = tick % ring.length;
        int[] asking = Arrays.copyOf(ring[slot], ringSize[slot]);
        ringSize[slot] = 0;
        return asking;
    }
}
