package io.stagedoor.audit.report;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.topics.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the whole report as JSON (ISO-8601 times), for machines and for the record. */
public final class JsonReport {

    private JsonReport() {
    }

    public static void write(AuditReport report, Path file) {
        try {
            createParent(file);
            Json.mapper().writerWithDefaultPrettyPrinter().writeValue(file.toFile(), report);
        } catch (IOException e) {
            throw new UncheckedIOException(AuditMessages.cannotWriteReport("JSON", file), e);
        }
    }

    static void createParent(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
    }
}
