package io.stagedoor.admission.puzzle;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.signing.Hmacs;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;
import javax.crypto.Mac;

/**
 * Issues join puzzles and judges their solutions. A challenge is {@code jp1.<payload>.<tag>}: the payload names the
 * event, the buyer, the difficulty, when it was issued and when it expires, and a random salt; the tag is HMAC-SHA256
 * under a key derived from the secret every instance shares (another than the pass's and the ticket's). Judging a
 * solution is one MAC and one hash, with no store call; only a genuine, solved one is then spent, once, in the
 * {@link SpentPuzzles} store, where it is remembered until the challenge expires. The caller sets the difficulty,
 * which may follow this instance's pace of joins for the event ({@link #joinsPerSecond}). Thread-safe.
 */
public final class JoinPuzzles {

    static final String PREFIX = "jp1.";
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
    private static final char SEPARATOR = '\n';
    private static final int FIELDS = 6;
    private static final int ID_BYTES = 12;
    private static final int SALT_BYTES = 9;

    private final ThreadLocal<Mac> macs;
    private final SpentPuzzles spent;
    private final JoinPace pace;
    private final LongSupplier clock;
    private final SecureRandom random = new SecureRandom();

    /**
     * @param secret at least 32 bytes, the same on every instance
     * @param spent  where spent solutions are remembered, shared by every instance
     * @param clock  epoch milliseconds
     */
    public JoinPuzzles(byte[] secret, SpentPuzzles spent, LongSupplier clock) {
        if (secret == null || secret.length < 32) {
            throw new IllegalArgumentException(AdmissionMessages.roomSettingNotPositive("puzzle secret bytes beyond 31",
                    secret == null ? 0 : secret.length - 31));
        }
        this.macs = Hmacs.perThread(Hmacs.derived(secret, "stagedoor waiting-room join puzzle"));
        this.spent = spent;
        this.clock = clock;
        this.pace = new JoinPace(clock);
    }

    /** This instance's joins per second into {@code eventId}'s room with a spent puzzle, over the last whole second. */
    public double joinsPerSecond(String eventId) {
        return pace.perSecond(eventId);
    }

    /** A fresh puzzle of {@code difficulty} bits for {@code buyerId} to join {@code eventId}'s room within {@code lifetime}. */
    public PuzzleChallenge issue(String eventId, String buyerId, int difficulty, Duration lifetime) {
        long now = clock.getAsLong();
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        long expires = now + lifetime.toMillis();
        String text = eventId + SEPARATOR + buyerId + SEPARATOR + difficulty + SEPARATOR + now + SEPARATOR + expires
                + SEPARATOR + ENCODER.encodeToString(salt);
        String signed = PREFIX + ENCODER.encodeToString(text.getBytes(StandardCharsets.UTF_8));
        byte[] tag = tag(signed);
        return new PuzzleChallenge(signed + '.' + ENCODER.encodeToString(tag), id(tag), eventId, buyerId, difficulty,
                expires);
    }

    /**
     * What {@code presented} ({@code <challenge>:<counter>}) is worth for {@code buyerId} joining {@code eventId},
     * judged without any store: {@link PuzzleVerdict#SOLVED} means only that it may still be spent.
     */
    public Judged judge(String presented, String eventId, String buyerId) {
        if (presented == null || presented.isBlank()) {
            return Judged.of(PuzzleVerdict.MISSING);
        }
        int colon = presented.lastIndexOf(':');
        String token = colon < 0 ? presented : presented.substring(0, colon);
        int dot = token.lastIndexOf('.');
        if (colon < 0 || !token.startsWith(PREFIX) || dot <= PREFIX.length()) {
            return Judged.of(PuzzleVerdict.FORGED);
        }
        String[] fields;
        byte[] expected;
        try {
            expected = tag(token.substring(0, dot));
            // constant-time, so a tag cannot be found byte by byte from response times
            if (!MessageDigest.isEqual(DECODER.decode(token.substring(dot + 1)), expected)) {
                return Judged.of(PuzzleVerdict.FORGED);
            }
            fields = new String(DECODER.decode(token.substring(PREFIX.length(), dot)), StandardCharsets.UTF_8)
                    .split(String.valueOf(SEPARATOR), -1);
        } catch (IllegalArgumentException malformed) {
            return Judged.of(PuzzleVerdict.FORGED);
        }
        if (fields.length != FIELDS) {
            return Judged.of(PuzzleVerdict.FORGED);
        }
        PuzzleChallenge challenge = new PuzzleChallenge(token, id(expected), fields[0], fields[1],
                Integer.parseInt(fields[2]), Long.parseLong(fields[4]));
        if (!challenge.eventId().equals(eventId) || !challenge.buyerId().equals(buyerId)) {
            return new Judged(PuzzleVerdict.NOT_YOURS, challenge);
        }
        if (clock.getAsLong() >= challenge.expiresAtMillis()) {
            return new Judged(PuzzleVerdict.EXPIRED, challenge);
        }
        if (!PuzzleWork.solves(token, presented.substring(colon + 1), challenge.difficulty())) {
            return new Judged(PuzzleVerdict.UNSOLVED, challenge);
        }
        return new Judged(PuzzleVerdict.SOLVED, challenge);
    }

    /**
     * Judges {@code presented} and, when it is solved, spends it: {@link PuzzleVerdict#SOLVED} for the first join that
     * spends it, {@link PuzzleVerdict#SPENT} for any other. Fails as the store fails; a spend whose answer was lost
     * (timed out after the store may have taken it) is forgotten before the failure is told, so a refusal on our
     * account never burns the buyer's work. A join that spends one counts towards the pace of joins.
     */
    public CompletionStage<Judged> spend(String presented, String eventId, String buyerId) {
        Judged judged = judge(presented, eventId, buyerId);
        if (judged.verdict() != PuzzleVerdict.SOLVED) {
            return CompletableFuture.completedFuture(judged);
        }
        pace.joined(eventId);
        Duration left = Duration.ofMillis(judged.challenge().expiresAtMillis() - clock.getAsLong());
        String id = judged.challenge().id();
        return spent.spend(id, left).toCompletableFuture()
                .exceptionallyCompose(lost -> spent.forget(id).toCompletableFuture()
                        .handle((forgotten, error) -> { throw new CompletionException(lost); }))
                .thenApply(first -> first ? judged : new Judged(PuzzleVerdict.SPENT, judged.challenge()));
    }

    /** Gives back a solution spent by a join this instance then did not answer (shed): the buyer may use it again. */
    public CompletionStage<Void> giveBack(PuzzleChallenge challenge) {
        return spent.forget(challenge.id());
    }

    /** A verdict and the challenge it is about (null when none could be read). */
    public record Judged(PuzzleVerdict verdict, PuzzleChallenge challenge) {

        static Judged of(PuzzleVerdict verdict) {
            return new Judged(verdict, null);
        }
    }

    private static String id(byte[] tag) {
        return ENCODER.encodeToString(Arrays.copyOf(tag, ID_BYTES));
    }

    private byte[] tag(String signed) {
        return macs.get().doFinal(signed.getBytes(StandardCharsets.UTF_8));
    }
}
