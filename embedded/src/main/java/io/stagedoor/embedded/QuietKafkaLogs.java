package io.stagedoor.embedded;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

/**
 * An in-process broker logs through the application's slf4j binding, and logback without a configuration file
 * logs everything at DEBUG. When logback is the binding, this sets the broker's loggers to WARN and Stagedoor's
 * to INFO, but only those a configuration file left without a level, so a {@code logback.xml} always wins.
 */
final class QuietKafkaLogs {

    private static final String[] KAFKA_LOGGERS = {"kafka", "org.apache.kafka", "state.change.logger", "org.apache.zookeeper"};

    private QuietKafkaLogs() {
    }

    static void apply() {
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (factory.getClass().getName().equals("ch.qos.logback.classic.LoggerContext")) {
            Logback.apply(factory);
        }
    }

    /** Touches logback classes only after {@link #apply()} has seen that logback is present. */
    private static final class Logback {
        static void apply(ILoggerFactory factory) {
            LoggerContext context = (LoggerContext) factory;
            for (String name : KAFKA_LOGGERS) {
                setIfUnset(context, name, Level.WARN);
            }
            setIfUnset(context, "io.stagedoor", Level.INFO);
        }

        private static void setIfUnset(LoggerContext context, String name, Level level) {
            ch.qos.logback.classic.Logger logger = context.getLogger(name);
            if (logger.getLevel() == null) {
                logger.setLevel(level);
            }
        }
    }
}
