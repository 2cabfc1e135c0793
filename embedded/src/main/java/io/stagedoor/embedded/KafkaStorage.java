package io.stagedoor.embedded;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import kafka.server.KafkaConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;
import org.apache.kafka.server.common.ShareVersion;

/**
 * Formats a KRaft log directory once. The cluster id lives in the directory's {@code meta.properties}, so a
 * broker restarted on the same directory finds its cluster, topics and records again.
 */
final class KafkaStorage {

    private KafkaStorage() {
    }

    /** Whether {@code logDir} already holds a formatted cluster. */
    static boolean isFormatted(Path logDir) {
        return Files.isRegularFile(logDir.resolve("meta.properties"));
    }

    /** Removes {@code logDir} and everything in it, if it exists. */
    static void delete(Path logDir) {
        if (!Files.exists(logDir)) {
            return;
        }
        try (var paths = Files.walk(logDir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(EmbeddedMessages.cannotDeleteLogDir(logDir), e);
        }
    }

    /** Formats {@code logDir} for {@code config} unless it is formatted already. */
    static void formatIfNeeded(Path logDir, KafkaConfig config) {
        formatIfNeeded(logDir, config, Map.of());
    }

    /** Formats {@code logDir} for {@code config}, with {@code featureLevels} finalized, unless it is formatted already. */
    static void formatIfNeeded(Path logDir, KafkaConfig config, Map<String, Short> featureLevels) {
        formatIfNeeded(logDir, config, Uuid.randomUuid().toString(), featureLevels);
    }

    /**
     * Formats {@code logDir} for {@code config} as a node of cluster {@code clusterId} unless it is formatted
     * already: every node of one cluster is formatted with the same id.
     */
    static void formatIfNeeded(Path logDir, KafkaConfig config, String clusterId) {
        formatIfNeeded(logDir, config, clusterId, Map.of());
    }

    private static void formatIfNeeded(Path logDir, KafkaConfig config, String clusterId,
                                       Map<String, Short> featureLevels) {
        if (isFormatted(logDir)) {
            return;
        }
        try {
            Files.createDirectories(logDir);
            Formatter formatter = new Formatter()
                    .setPrintStream(new PrintStream(PrintStream.nullOutputStream()))
                    .setNodeId(config.nodeId())
                    .setClusterId(clusterId)
                    .setDirectories(List.of(logDir.toString()))
                    .setMetadataLogDirectory(config.metadataLogDir())
                    .setControllerListenerName(BrokerSettings.CONTROLLER_LISTENER)
                    .setReleaseVersion(MetadataVersion.LATEST_PRODUCTION)
                    // Share groups need this feature finalized; set it rather than rely on the release default.
                    .setFeatureLevel(ShareVersion.FEATURE_NAME, ShareVersion.LATEST_PRODUCTION.featureLevel());
            featureLevels.forEach(formatter::setFeatureLevel);
            formatter.run();
        } catch (IOException e) {
            throw new UncheckedIOException(EmbeddedMessages.cannotCreateLogDir(logDir), e);
        } catch (Exception e) {
            throw new IllegalStateException(EmbeddedMessages.cannotFormatStorage(logDir), e);
        }
    }
}
