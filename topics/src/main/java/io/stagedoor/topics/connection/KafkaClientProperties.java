package io.stagedoor.topics.connection;

import io.stagedoor.topics.TopicsMessages;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Reads Kafka client properties from a file in Kafka's own format, the file Kafka's tools take as
 * {@code --command-config} or {@code --producer.config}: {@code key=value} lines, {@code #} comments, backslash
 * continuation for a long {@code sasl.jaas.config}.
 */
public final class KafkaClientProperties {

    private KafkaClientProperties() {
    }

    /** The file's properties, sorted by key. */
    public static Map<String, String> load(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException(TopicsMessages.unreadableFile(file, e), e);
        }
        Map<String, String> read = new TreeMap<>();
        properties.stringPropertyNames().forEach(key -> read.put(key.trim(), properties.getProperty(key).trim()));
        return read;
    }
}
