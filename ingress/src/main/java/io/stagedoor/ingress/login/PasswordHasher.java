package io.stagedoor.ingress.login;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Argon2id password hashes (RFC 9106) in the PHC string format, {@code $argon2id$v=19$m=...,t=...,p=...$salt$hash}.
 * The default cost is about 100 ms of CPU on the development machine (2 cores), on purpose: it makes a stolen hash
 * expensive to crack, and it is why the login limits run before it. Counts its invocations and the most it ran at
 * once, so a test can prove a refused login never reached it and a bound held. Thread-safe.
 */
public final class PasswordHasher {

    /** Memory cost in KiB (19 MiB, the OWASP minimum for Argon2id). */
    public static final int DEFAULT_MEMORY_KIB = 19 * 1024;
    /** Passes over memory. */
    public static final int DEFAULT_ITERATIONS = 2;
    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;

    private final int memoryKib;
    private final int iterations;
    private final SecureRandom random = new SecureRandom();
    private final AtomicLong invocations = new AtomicLong();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();

    public PasswordHasher(int memoryKib, int iterations) {
        this.memoryKib = memoryKib;
        this.iterations = iterations;
    }

    public static PasswordHasher defaults() {
        return new PasswordHasher(DEFAULT_MEMORY_KIB, DEFAULT_ITERATIONS);
    }

    /** A new salted hash of {@code password}. */
    public String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        random.nextBytes(salt);
        byte[] hash = derive(password, salt, memoryKib, iterations);
        Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
        return "$argon2id$v=19$m=" + memoryKib + ",t=" + iterations + ",p=1$" + b64.encodeToString(salt) + "$"
                + b64.encodeToString(hash);
    }

    /** Whether {@code password} matches {@code encoded}; false for anything malformed. */
    public boolean verify(String password, String encoded) {
        String[] parts = encoded.split("\\$");
        if (parts.length != 6 || !"argon2id".equals(parts[1])) {
            return false;
        }
        try {
            int memory = 0;
            int passes = 0;
            for (String setting : parts[3].split(",")) {
                String[] nameValue = setting.split("=");
                switch (nameValue[0]) {
                    case "m" -> memory = Integer.parseInt(nameValue[1]);
                    case "t" -> passes = Integer.parseInt(nameValue[1]);
                    default -> { }
                }
            }
            byte[] salt = Base64.getDecoder().decode(parts[4]);
            byte[] expected = Base64.getDecoder().decode(parts[5]);
            return MessageDigest.isEqual(expected, derive(password, salt, memory, passes));
        } catch (IllegalArgumentException malformed) {
            return false;
        }
    }

    /** How many hashes this hasher has computed. */
    public long invocations() {
        return invocations.get();
    }

    /** The most hashes this hasher has computed at the same time. */
    public int mostAtOnce() {
        return mostAtOnce.get();
    }

    private byte[] derive(String password, byte[] salt, int memory, int passes) {
        invocations.incrementAndGet();
        mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
        try {
            return generate(password, salt, memory, passes);
        } finally {
            running.decrementAndGet();
        }
    }

    private static byte[] generate(String password, byte[] salt, int memory, int passes) {
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withMemoryAsKB(memory)
                .withIterations(passes)
                .withParallelism(1)
                .withSalt(salt)
                .build());
        byte[] out = new byte[HASH_BYTES];
        generator.generateBytes(password.getBytes(StandardCharsets.UTF_8), out);
        return out;
    }
}
