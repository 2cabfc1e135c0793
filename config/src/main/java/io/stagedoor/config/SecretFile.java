package io.stagedoor.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A secret kept in a file of its own (a Kubernetes or Docker secret, a file readable by the service alone): its
 * content without the line break editors and {@code echo} leave at its end.
 */
final class SecretFile {

    private SecretFile() {
    }

    /** Reads the secret at {@code path} into {@code target}; a blank path (no file given) changes nothing. */
    static void readInto(String path, java.util.function.Consumer<String> target) {
        if (!path.isBlank()) {
            target.accept(read(path));
        }
    }

    static String read(String path) {
        try {
            String content = Files.readString(Path.of(path), StandardCharsets.UTF_8).strip();
            if (content.isEmpty()) {
                throw new IllegalArgumentException(ConfigMessages.emptySecretFile(path));
            }
            return content;
        } catch (IOException e) {
            throw new UncheckedIOException(ConfigMessages.cannotReadSecretFile(path), e);
        }
    }
}
