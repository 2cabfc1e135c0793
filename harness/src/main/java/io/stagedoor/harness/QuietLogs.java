package io.stagedoor.harness;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Keeps logs off the terminal while the demo's progress line runs, in the demo's JVM and in its pipeline's (the
 * report says what the logs would: breaker transitions, fallbacks): our own errors still show; the embedded
 * broker's and the clients' logs do not ({@code --verbose} lets everything through). {@link #close()} restores the
 * levels.
 */
public final class QuietLogs implements AutoCloseable {

    private static final List<String> LOGGERS = List.of(org.slf4j.Logger.ROOT_LOGGER_NAME, "io.stagedoor",
            "org.apache.kafka", "kafka", "io.lettuce", "io.netty", "org.glassfish");
    /** Loggers that stay at ERROR; the others (third parties) are turned off. */
    private static final List<String> OURS = List.of(org.slf4j.Logger.ROOT_LOGGER_NAME, "io.stagedoor");

    private final List<Level> before;

    private QuietLogs() {
        before = LOGGERS.stream().map(name -> logger(name).getLevel()).toList();
        LOGGERS.forEach(name -> logger(name).setLevel(OURS.contains(name) ? Level.ERROR : Level.OFF));
    }

    /** Quiet until closed; does nothing when logback is not the binding. */
    public static AutoCloseable quiet() {
        return LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext
                ? new QuietLogs() : () -> { };
    }

    @Override
    public void close() {
        for (int i = 0; i < LOGGERS.size(); i++) {
            logger(LOGGERS.get(i)).setLevel(before.get(i));
        }
    }

    private static Logger logger(String name) {
        return (Logger) LoggerFactory.getLogger(name);
    }
}
