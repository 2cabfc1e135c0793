package io.stagedoor.testsupport;

import java.util.concurrent.ThreadLocalRandom;

/** Names that no other test in any JVM sharing the same servers will pick, for Kafka topics and Redis keys. */
public final class TestNames {

    private static final int MAX_PREFIX = 200;

    private TestNames() {
    }

    /**
     * {@code prefix + "-" + 10 random base-36 characters}. Characters a Kafka topic name may not hold
     * (anything but letters, digits, {@code .}, {@code _} and {@code -}) become {@code -}, and the prefix is cut
     * to 200 characters, so the result is always a legal topic name and a safe Redis key part.
     */
    public static String unique(String prefix) {
        String safe = prefix.replaceAll("[^A-Za-z0-9._-]", "-");
        if (safe.length() > MAX_PREFIX) {
            safe = safe.substring(0, MAX_PREFIX);
        }
        StringBuilder name = new StringBuilder(safe.length() + 11).append(safe).append('-');
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < 10; i++) {
            name.append(Character.forDigit(random.nextInt(36), 36));
        }
        return name.toString();
    }
}
