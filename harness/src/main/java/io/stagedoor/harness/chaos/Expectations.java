package io.stagedoor.harness.chaos;

import java.util.ArrayList;
import java.util.List;

/**
 * What a scenario promised besides losing nothing, and whether it held: "503 within about a second", "Redis
 * decisions resume". Printed under the figures; thread-safe.
 */
final class Expectations {

    /** One promise and what was seen. */
    record Expectation(String promise, boolean held, String seen) {
    }

    private final List<Expectation> all = new ArrayList<>();

    synchronized void expect(String promise, boolean held, String seen) {
        all.add(new Expectation(promise, held, seen));
    }

    synchronized List<Expectation> all() {
        return List.copyOf(all);
    }

    synchronized boolean allHeld() {
        return all.stream().allMatch(Expectation::held);
    }
}
