package io.stagedoor.ingress.store;

import com.fasterxml.jackson.core.type.TypeReference;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.topics.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * A list of records kept as one JSON file. Reading a missing file gives an empty list; writing goes to a temporary
 * file beside it and then replaces it atomically, so a reader never sees half a file.
 */
public final class JsonListFile {

    private JsonListFile() {
    }

    /** The records of {@code file}, or none when it does not exist yet. */
    public static <T> List<T> read(Path file, TypeReference<List<T>> type, String what) {
        if (file == null || !Files.exists(file)) {
            return List.of();
        }
        try {
            return Json.mapper().readValue(file.toFile(), type);
        } catch (IOException e) {
            throw new UncheckedIOException(IngressMessages.cannotReadListFile(what, file), e);
        }
    }

    /** Replaces {@code file} with {@code records}; nothing happens when the file is null (kept in memory only). */
    public static void write(Path file, List<?> records, String what) {
        if (file == null) {
            return;
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path temporary = Files.createTempFile(parent, what.replace(' ', '-'), ".json");
            Json.mapper().writerWithDefaultPrettyPrinter().writeValue(temporary.toFile(), records);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(IngressMessages.cannotWriteListFile(what, file), e);
        }
    }
}
