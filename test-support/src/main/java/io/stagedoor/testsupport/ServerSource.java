package io.stagedoor.testsupport;

import java.util.Locale;

/** Where a shared test server comes from, in the order {@link RealServers} tries them. */
enum ServerSource {
    ENVIRONMENT,
    TESTCONTAINERS,
    EMBEDDED;

    static ServerSource choose(String environmentVariable) {
        String configured = System.getenv(environmentVariable);
        if (configured != null && !configured.isBlank()) {
            return ENVIRONMENT;
        }
        return DockerProbe.answers() ? TESTCONTAINERS : EMBEDDED;
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
