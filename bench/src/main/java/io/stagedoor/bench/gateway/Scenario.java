package io.stagedoor.bench.gateway;

/** What a round sends to a contender. */
enum Scenario {
    /** Buyers who spent their burst (drained before each round): most answers are 429. */
    STORM("retry storm (spent buyers)"),
    /** A distinct buyer per request (until the file wraps), each admitted. */
    FRESH("fresh buyers (admitted)"),
    /** A route with no limiter: the server's own cost of answering. */
    BARE("bare route");

    private final String title;

    Scenario(String title) {
        this.title = title;
    }

    String title() {
        return title;
    }
}
