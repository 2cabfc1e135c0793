package io.stagedoor.bench.herd;

import io.stagedoor.bench.load.Flags;
import java.nio.file.Path;

/**
 * One simulated on-sale: who comes, when, how they poll, and the room and Redis they meet.
 *
 * @param arrivals       buyers (accounts) who join, bots' accounts included
 * @param arrivalMinutes over how many minutes from the opening they arrive, evenly
 * @param seats          seats on sale
 * @param seatsPerBuyer  seats each admitted buyer takes
 * @param botAccounts    the share of accounts a bot farm holds; a bot polls every {@code botPollSeconds}, whatever
 *                       it is told
 * @param botPollSeconds how often a bot asks
 * @param instances      ingress instances, each with a room of its own on the one store
 * @param rate           the room's entry rate, buyers per second
 * @param maxActive      the cap on active buyers (0: none)
 * @param shopMinutes    how long an admitted buyer stays active before their session ends
 * @param minutes        the longest the simulation runs, in simulated minutes
 * @param joinWindowMillis how long each instance gathers joins before one reserve call
 * @param viewAgeMillis  how old an instance's view of the room may be
 * @param sample         the share of buyers whose every poll runs through the room (the rest run through it once
 *                       their place is near the frontier, and are counted while far from it)
 * @param redis          {@code embedded} (a redis-server child), {@code in-process}, or a {@code redis://} URI
 * @param html           where the charts go
 */
record HerdSettings(int arrivals, double arrivalMinutes, int seats, int seatsPerBuyer, double botAccounts,
                    int botPollSeconds, int instances, double rate, int maxActive, double shopMinutes, int minutes,
                    int joinWindowMillis, int viewAgeMillis, double sample, String redis, Path html) {

    static HerdSettings read(String[] args) {
        Flags flags = Flags.parse(args);
        HerdSettings settings = new HerdSettings(flags.integer("arrivals", 15_000_000),
                flags.decimal("arrival-minutes", 10), flags.integer("seats", 150_000),
                flags.integer("seats-per-buyer", 3), flags.decimal("bot-accounts", 0.025),
                flags.integer("bot-poll-seconds", 1), flags.integer("instances", 12), flags.decimal("rate", 100),
                flags.integer("max-active", 0), flags.decimal("shop-minutes", 3), flags.integer("minutes", 30),
                flags.integer("join-window-millis", 100), flags.integer("view-age-millis", 250),
                flags.decimal("sample", 0.01), flags.text("redis", "embedded"),
                Path.of(flags.text("html", "bench/target/herd.html")));
        flags.rejectUnknown();
        return settings;
    }
}
