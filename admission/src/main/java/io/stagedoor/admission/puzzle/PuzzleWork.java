package io.stagedoor.admission.puzzle;

import io.stagedoor.admission.AdmissionMessages;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The work a puzzle asks: SHA-256 of {@code token:counter} with enough leading zero bits. Checking costs one hash;
 * finding costs 2<sup>difficulty</sup> hashes on average. {@link #solve} is for tests, the demo's script and the
 * benchmark (a browser solves in the JavaScript client).
 */
public final class PuzzleWork {

    /** The longest counter accepted, so checking one is bounded work. */
    public static final int MAX_COUNTER_DIGITS = 20;
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(PuzzleWork::sha256);

    private PuzzleWork() {
    }

    /** Whether {@code counter} solves {@code token} at {@code difficulty} bits. */
    public static boolean solves(String token, String counter, int difficulty) {
        if (counter.isEmpty() || counter.length() > MAX_COUNTER_DIGITS || !digitsOnly(counter)) {
            return false;
        }
        return leadingZeroBits(SHA256.get().digest((token + ':' + counter).getBytes(StandardCharsets.US_ASCII)))
                >= difficulty;
    }

    /** The first counter from 0 up that solves {@code token} at {@code difficulty} bits. */
    public static String solve(String token, int difficulty) {
        for (long counter = 0; ; counter++) {
            String text = Long.toString(counter);
            if (solves(token, text, difficulty)) {
                return text;
            }
        }
    }

    static int leadingZeroBits(byte[] hash) {
        int bits = 0;
        for (byte b : hash) {
            if (b == 0) {
                bits += 8;
                continue;
            }
            return bits + Integer.numberOfLeadingZeros(b & 0xff) - 24;
        }
        return bits;
    }

    private static boolean digitsOnly(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(AdmissionMessages.algorithmUnavailable("SHA-256"), e);
        }
    }
}
