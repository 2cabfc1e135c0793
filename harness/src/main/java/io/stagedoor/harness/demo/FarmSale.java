package io.stagedoor.harness.demo;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.audit.AuditOptions;
import io.stagedoor.audit.run.Audit;
import io.stagedoor.harness.DemoEvent;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The fans-before-bots sale against a running pipeline: defines {@link FarmEvent}, lets every fan (each on an address
 * of their own) and every account of the farm (all behind one /64) register for the presale, waits for the lottery,
 * then lets each account that won a code solve its join puzzle, join, wait for its pass and hold seats; the farm's
 * accounts take the seat cap each and never pay. Reads who was parked and the lanes from the admin listener, and
 * audits the window. {@link #run} returns the figures.
 */
final class FarmSale {

    /** The farm's network: every account on an address of its own in one /64, as one cloud host hands out. */
    static final String FARM_NETWORK = "2001:db8:f00d:1::/64";
    /** Accounts asking the service at once, at most: the 2-core machine runs the pipeline too. */
    static final int AT_ONCE = 48;
    /**
     * How long registration stays open, from when the ingress serves the event; the lottery runs when it closes. Room
     * for every account's registration, each told to try again a few times, on a cold pipeline.
     */
    static final Duration REGISTER_FOR = Duration.ofSeconds(10);
    /** How soon the event must be served for its registration window to stand; else it is put on sale again. */
    static final Duration SERVED_WITHIN = Duration.ofSeconds(2);
    static final int PUBLISH_TRIES = 3;
    /** From the lottery's time to the room's opening: the lottery waits 5 s for registrations to settle, then runs. */
    static final Duration DRAW_TO_OPENING = Duration.ofSeconds(9);
    /** The longest the lottery may take to show in the accounts' standing. */
    static final Duration DRAW_WITHIN = Duration.ofSeconds(30);
    static final Duration RESULT_WAIT = Duration.ofSeconds(30);

    private final DemoTarget pipeline;
    private final TopicNames topics;
    private final FarmSettings settings;
    private final BuyerTokens tokens = new BuyerTokens(
            IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8), "stagedoor", Clock.systemUTC());

    FarmSale(DemoTarget pipeline, TopicNames topics, FarmSettings settings) {
        this.pipeline = pipeline;
        this.topics = topics;
        this.settings = settings;
    }

    /** What each side came to. */
    static final class Side {
        final AtomicLong registered = new AtomicLong();
        final AtomicLong codes = new AtomicLong();
        final AtomicLong admitted = new AtomicLong();
        final AtomicLong seatsHeld = new AtomicLong();
        final AtomicLong puzzles = new AtomicLong();
        final AtomicLong hashes = new AtomicLong();
        final AtomicLong solveNanos = new AtomicLong();
    }

    FarmReport run() throws InterruptedException, IOException {
        URI base = pipeline.base();
        Instant from = Instant.now();
        try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build()) {
            List<String> fanIds = new ArrayList<>();
            for (int i = 1; i <= settings.fans(); i++) {
                fanIds.add("fan-" + i);
            }
            FarmEvent.Timeline timeline = publish(http, base, fanIds.subList(0, settings.fanClub()));
            Map<FarmAccount, Side> accounts = new ConcurrentHashMap<>();
            Side fans = new Side();
            Side farm = new Side();
            for (int i = 0; i < fanIds.size(); i++) {
                accounts.put(account(http, base, fanIds.get(i), "198.18." + (i / 250) + "." + (i % 250 + 1)), fans);
            }
            for (int i = 1; i <= settings.accounts(); i++) {
                accounts.put(account(http, base, "farm-" + i, "2001:db8:f00d:1::" + Integer.toHexString(i)), farm);
            }
            everyone(accounts, (account, side) -> {
                if (account.register()) {
                    side.registered.incrementAndGet();
                }
            });
            Map<FarmAccount, String> codes = codes(accounts, timeline);
            codes.forEach((account, code) -> accounts.get(account).codes.incrementAndGet());
            sleepUntil(timeline.opensAt());
            SeatPicker seats = new SeatPicker(DemoEvent.seats(), settings.seed());
            everyone(accounts, (account, side) -> {
                String code = codes.get(account);
                if (code == null) {
                    return;
                }
                FarmAccount.Joined joined = account.join(code, settings.patience());
                side.puzzles.incrementAndGet();
                side.hashes.addAndGet(joined.hashes());
                side.solveNanos.addAndGet(joined.solveNanos());
                if (joined.pass().isPresent()) {
                    side.admitted.incrementAndGet();
                    int wanted = side == farm ? FarmEvent.MAX_SEATS_PER_BUYER : settings.seatsPerHold();
                    side.seatsHeld.addAndGet(account.hold(joined.pass().get(), seats.next(wanted), RESULT_WAIT));
                }
            });
            JsonNode parked = admin(http, "/v1/admin/events/" + FarmEvent.EVENT_ID + "/waiting-room/parked?limit=1000");
            JsonNode room = admin(http, "/v1/admin/events/" + FarmEvent.EVENT_ID + "/waiting-room");
            Instant to = Instant.now();
            return new FarmReport(settings, fans, farm, parked, room, Audit.run(AuditOptions.of(pipeline.kafka(),
                    topics, from.minusSeconds(1), to).withEdge(OnSale.AUDIT_EDGE)), DemoEvent.seats().size());
        }
    }

    /**
     * Puts the event on sale with registration open from now, and returns its timeline once the ingress serves it;
     * when serving it took a good part of the registration window (a cold pipeline), it is put on sale again with a
     * window from then: nobody has registered yet.
     */
    private FarmEvent.Timeline publish(HttpClient http, URI base, List<String> fanClub) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            FarmEvent.Timeline timeline = FarmEvent.Timeline.from(Instant.now(), REGISTER_FOR, DRAW_TO_OPENING);
            EventOpening.publish(pipeline.kafka(), topics, http, base, FarmEvent.definition(settings, timeline, fanClub));
            if (attempt == PUBLISH_TRIES
                    || Duration.between(timeline.registerFrom(), Instant.now()).compareTo(SERVED_WITHIN) <= 0) {
                return timeline;
            }
        }
    }

    private FarmAccount account(HttpClient http, URI base, String buyerId, String address) {
        return new FarmAccount(buyerId, tokens.issue(buyerId, Duration.ofHours(1)), new OfficeNetwork(http, address),
                base);
    }

    /** Each account's code once the lottery has run: asked until no standing says "registered" any more. */
    private Map<FarmAccount, String> codes(Map<FarmAccount, Side> accounts, FarmEvent.Timeline timeline)
            throws InterruptedException {
        sleepUntil(timeline.drawAt());
        Map<FarmAccount, String> codes = new ConcurrentHashMap<>();
        long deadline = System.nanoTime() + DRAW_WITHIN.toNanos();
        while (true) {
            AtomicLong undrawn = new AtomicLong();
            codes.clear();
            everyone(accounts, (account, side) -> {
                JsonNode standing = account.standing();
                if ("registered".equals(standing.path("status").asText())) {
                    undrawn.incrementAndGet();
                } else if (standing.hasNonNull("code")) {
                    codes.put(account, standing.get("code").asText());
                }
            });
            if (undrawn.get() == 0 || System.nanoTime() > deadline) {
                return codes;
            }
            Thread.sleep(500);
        }
    }

    /** A step of one account, blocking. */
    @FunctionalInterface
    private interface Step {
        void take(FarmAccount account, Side side) throws IOException, InterruptedException;
    }

    /** Takes {@code step} for every account, {@value #AT_ONCE} at once, and returns when all are done. */
    private static void everyone(Map<FarmAccount, Side> accounts, Step step) throws InterruptedException {
        Semaphore slots = new Semaphore(AT_ONCE);
        List<Thread> threads = new ArrayList<>();
        for (Map.Entry<FarmAccount, Side> account : accounts.entrySet()) {
            slots.acquire();
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    step.take(account.getKey(), account.getValue());
                } catch (IOException | RuntimeException failed) {
                    // one account's failure is its own: the report counts what came through
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    slots.release();
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    private JsonNode admin(HttpClient http, String path) throws IOException, InterruptedException {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(
                        URI.create("http://" + DemoTarget.HOST + ":" + pipeline.adminPort() + path))
                .header("X-Admin-Key", IngressSettings.DEVELOPMENT_ADMIN_KEY).timeout(Duration.ofSeconds(30)).GET()
                .build(), HttpResponse.BodyHandlers.ofString());
        return Json.mapper().readTree(answer.body());
    }

    private static void sleepUntil(Instant at) throws InterruptedException {
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), at).toMillis()));
    }
}
