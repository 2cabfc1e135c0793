package io.stagedoor.admission.presale;

import io.stagedoor.admission.signing.Hmacs;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Registered presales (decision 0038): registration, the seeded lottery, the wait-list, and the access code a join
 * spends. The lottery's seed is fixed by the shared secret, the event and its registration opening, so it is fixed
 * before anyone registers and published with the draw; the draw is kept as cut-offs of lottery tickets, so whether an
 * account holds a code is worked out, not stored. A code is the account's own ({@link PresaleCodes}), shown only to a
 * registrant it was granted to, and opens one session: a join spends it once, on any instance. Thread-safe.
 */
public final class Presales {

    /** How long this instance trusts the draw it last read: a draw changes twice, at the draw and at the wait-list. */
    private static final long DRAW_KEPT_MILLIS = 1_000;

    /** Where an account stands in an event's presale. */
    public enum Status {
        /** Not registered. */
        NOT_REGISTERED,
        /** Registered; the lottery has not run. */
        REGISTERED,
        /** Won a code in the draw, good until the winners' deadline. */
        WON,
        /** Got a code from the wait-list, good until the presale ends. */
        FROM_WAIT_LIST,
        /** Did not win; may get a code from the wait-list once winners' codes go unused. */
        WAIT_LISTED,
        /** Won, did not use the code by the winners' deadline: it went to the wait-list. */
        EXPIRED
    }

    /** An account's standing, with its code when it holds one it may still use. */
    public record Standing(Status status, String code) {
    }

    /** What a join's code is worth. */
    public enum Spend {
        /** Missing: the presale asks every join for a code. */
        MISSING,
        /** Not this account's, not granted, or past its deadline. */
        REFUSED,
        /** Already used for a session. */
        USED,
        /** Good, and now used by this join. */
        SPENT
    }

    /**
     * A draw that stands and the accounts it granted codes to (in lottery order), drawn again here; empty when this
     * instance cannot draw the same (its registrations differ from the ones the draw saw).
     *
     * @param now whether this call made the draw (or the wait-list's pass)
     */
    public record Drawn(PresaleDraw draw, List<String> granted, boolean now) {
    }

    private final PresaleCodes codes;
    private final PresaleBook book;
    private final ThreadLocal<javax.crypto.Mac> seeds;
    private final LongSupplier clock;
    private final ConcurrentHashMap<String, Read> drawsRead = new ConcurrentHashMap<>();

    /** @param secret the shared secret, at least 32 bytes; {@code clock} epoch milliseconds */
    public Presales(byte[] secret, PresaleBook book, LongSupplier clock) {
        this.codes = new PresaleCodes(secret);
        this.book = book;
        this.seeds = Hmacs.perThread(Hmacs.derived(secret, "stagedoor presale lottery seed"));
        this.clock = clock;
    }

    /** The lottery's seed for {@code eventId}'s presale opening registration at {@code registerFrom}. */
    public byte[] seedOf(String eventId, Instant registerFrom) {
        return seeds.get().doFinal((eventId.length() + ":" + eventId + "@" + registerFrom.toEpochMilli())
                .getBytes(StandardCharsets.UTF_8));
    }

    /** Registers {@code accountId}: whether it is new. The caller checks the registration window. */
    public CompletionStage<Boolean> register(String eventId, String accountId) {
        return book.register(eventId, accountId);
    }

    /** Where {@code accountId} stands, with its code when it holds one it may use. */
    public CompletionStage<Standing> standing(String eventId, PresalePlan presale, String accountId) {
        return book.registered(eventId, accountId).thenCompose(registered -> {
            if (!registered) {
                return CompletableFuture.completedFuture(new Standing(Status.NOT_REGISTERED, null));
            }
            return book.draw(eventId).thenApply(draw -> {
                if (draw.isEmpty()) {
                    return new Standing(Status.REGISTERED, null);
                }
                Status status = statusOf(eventId, presale, draw.get(), accountId);
                boolean holds = status == Status.WON || status == Status.FROM_WAIT_LIST;
                return new Standing(status, holds ? codes.codeFor(eventId, accountId) : null);
            });
        });
    }

    /**
     * Runs the lottery over everyone registered, unless it ran: the draw that stands, and the accounts granted codes
     * when this call drew it (empty when another call had).
     */
    public CompletionStage<Drawn> draw(String eventId, PresalePlan presale) {
        byte[] seed = seedOf(eventId, presale.registerFrom());
        return book.registrants(eventId).thenCompose(registrants -> {
            int count = presale.codes() == null ? registrants.size() : presale.codes();
            PresaleLottery.Draw draw = PresaleLottery.draw(seed, registrants, count);
            List<String> winners = draw.winners();
            String upTo = winners.isEmpty() ? "" : PresaleLottery.ticketOf(seed, winners.getLast());
            PresaleDraw mine = new PresaleDraw(HexFormat.of().formatHex(seed), count, registrants.size(), upTo, null);
            return book.keepDraw(eventId, mine).thenApply(kept -> {
                drawsRead.remove(eventId);
                boolean same = kept.now() || kept.draw().equals(mine);
                return new Drawn(kept.draw(), same ? winners : List.of(), kept.now());
            });
        });
    }

    /**
     * Passes the codes winners left unused to the next registrants in lottery order, once: the draw that stands and
     * the accounts granted when this call passed them. Empty when the lottery has not run.
     */
    public CompletionStage<Optional<Drawn>> passToWaitList(String eventId, PresalePlan presale) {
        return book.draw(eventId).thenCompose(stood -> {
            if (stood.isEmpty()) {
                return CompletableFuture.completedFuture(Optional.empty());
            }
            PresaleDraw draw = stood.get();
            if (draw.waitList().isPresent()) {
                return CompletableFuture.completedFuture(Optional.of(new Drawn(draw, List.of(), false)));
            }
            byte[] seed = HexFormat.of().parseHex(draw.seedHex());
            return book.used(eventId).thenCombine(book.registrants(eventId), (used, registrants) -> {
                long unused = Math.max(0, Math.min(draw.codes(), draw.registrants()) - used);
                List<String> waitList = PresaleLottery.draw(seed, registrants, (int) draw.codes()).waitList();
                return waitList.subList(0, (int) Math.min(unused, waitList.size()));
            }).thenCompose(granted -> {
                String upTo = granted.isEmpty() ? draw.winnersUpTo() : PresaleLottery.ticketOf(seed, granted.getLast());
                return book.keepWaitList(eventId, upTo).thenApply(kept -> {
                    drawsRead.remove(eventId);
                    boolean same = kept.now() || upTo.equals(kept.draw().waitListUpTo());
                    return Optional.of(new Drawn(kept.draw(), same ? granted : List.of(), kept.now()));
                });
            });
        });
    }

    /** Spends the code a join of {@code accountId} carries, once. */
    public CompletionStage<Spend> spend(String eventId, PresalePlan presale, String accountId, String code) {
        if (code == null || code.isEmpty()) {
            return CompletableFuture.completedFuture(Spend.MISSING);
        }
        if (!codes.isCodeOf(code, eventId, accountId)) {
            return CompletableFuture.completedFuture(Spend.REFUSED);
        }
        return drawRead(eventId, false).thenCompose(draw -> holds(eventId, presale, draw, accountId)
                ? CompletableFuture.completedFuture(true)
                // The draw read a moment ago may predate the wait-list's pass on another instance: ask once more.
                : drawRead(eventId, true).thenApply(fresh -> holds(eventId, presale, fresh, accountId)))
                .thenCompose(holds -> !holds ? CompletableFuture.completedFuture(Spend.REFUSED)
                        : book.use(eventId, accountId).thenApply(unused -> unused ? Spend.SPENT : Spend.USED));
    }

    private boolean holds(String eventId, PresalePlan presale, Optional<PresaleDraw> draw, String accountId) {
        Status status = draw.map(d -> statusOf(eventId, presale, d, accountId)).orElse(Status.REGISTERED);
        return status == Status.WON || status == Status.FROM_WAIT_LIST;
    }

    /** Gives back a code spent by a join that then got no place. */
    public CompletionStage<Void> giveBack(String eventId, String accountId) {
        return book.giveBack(eventId, accountId);
    }

    /** How many accounts registered. */
    public CompletionStage<Long> registered(String eventId) {
        return book.registeredCount(eventId);
    }

    /** How many codes were used. */
    public CompletionStage<Long> used(String eventId) {
        return book.used(eventId);
    }

    /** The draw that stands, if the lottery ran. */
    public CompletionStage<Optional<PresaleDraw>> drawOf(String eventId) {
        return book.draw(eventId);
    }

    private Status statusOf(String eventId, PresalePlan presale, PresaleDraw draw, String accountId) {
        String ticket = PresaleLottery.ticketOf(HexFormat.of().parseHex(draw.seedHex()), accountId);
        return switch (draw.grantOf(ticket)) {
            case WINNER -> clock.getAsLong() < presale.codesUsedBy().toEpochMilli() ? Status.WON : Status.EXPIRED;
            case WAIT_LIST -> Status.FROM_WAIT_LIST;
            case NONE -> Status.WAIT_LISTED;
        };
    }

    /** The draw as read at most a second ago, or ({@code fresh}) as the book has it now. */
    private CompletionStage<Optional<PresaleDraw>> drawRead(String eventId, boolean fresh) {
        long now = clock.getAsLong();
        Read read = drawsRead.get(eventId);
        if (!fresh && read != null && now - read.atMillis() < DRAW_KEPT_MILLIS && read.draw().isPresent()) {
            return CompletableFuture.completedFuture(read.draw());
        }
        return book.draw(eventId).thenApply(draw -> {
            drawsRead.put(eventId, new Read(draw, now));
            return draw;
        });
    }

    private record Read(Optional<PresaleDraw> draw, long atMillis) {
    }
}
