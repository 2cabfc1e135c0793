package io.stagedoor.audit.check;

import java.util.ArrayList;
import java.util.List;

/** Counts every offense and keeps the first few, so a window full of them cannot exhaust memory. */
final class Offenses {

    private final int keep;
    private final List<Offense> first = new ArrayList<>();
    private long count;

    Offenses(int keep) {
        this.keep = keep;
    }

    void add(Offense offense) {
        count++;
        if (first.size() < keep) {
            first.add(offense);
        }
    }

    long count() {
        return count;
    }

    List<Offense> first() {
        return List.copyOf(first);
    }
}
