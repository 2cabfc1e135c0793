package io.stagedoor.ingress.pages;

import io.stagedoor.ingress.http.IngressMessages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The files under a classpath folder, by relative name. A name is accepted only if it is lower-case segments of
 * letters, digits and hyphens with one known extension, so no name can climb out of the folder ({@code ..}, a
 * leading slash, a backslash and an encoded dot all fail the pattern before the class loader is asked).
 */
final class StaticFiles {

    /** One file, with its media type and an entity tag over its bytes. */
    record StaticFile(byte[] bytes, String mediaType, String etag) {
    }

    private static final Pattern SAFE_NAME = Pattern.compile("[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*\\.[a-z]+");
    private static final Map<String, String> MEDIA_TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "svg", "image/svg+xml");

    private final ClassLoader loader;
    private final String folder;
    /** Only files that exist are kept, so requests for made-up names cannot grow it. */
    private final Map<String, StaticFile> found = new ConcurrentHashMap<>();

    StaticFiles(ClassLoader loader, String folder) {
        this.loader = loader;
        this.folder = folder.endsWith("/") ? folder : folder + "/";
    }

    /** The file, or empty when the name is unsafe, of an unknown type, or not there. */
    Optional<StaticFile> find(String name) {
        if (name == null || !SAFE_NAME.matcher(name).matches()) {
            return Optional.empty();
        }
        String mediaType = MEDIA_TYPES.get(name.substring(name.lastIndexOf('.') + 1));
        if (mediaType == null) {
            return Optional.empty();
        }
        StaticFile known = found.get(name);
        if (known != null) {
            return Optional.of(known);
        }
        try (InputStream in = loader.getResourceAsStream(folder + name)) {
            if (in == null) {
                return Optional.empty();
            }
            byte[] bytes = in.readAllBytes();
            StaticFile file = new StaticFile(bytes, mediaType, etag(bytes));
            found.put(name, file);
            return Optional.of(file);
        } catch (IOException e) {
            throw new UncheckedIOException(PagesMessages.cannotReadFile(folder, name), e);
        }
    }

    private static String etag(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(IngressMessages.algorithmInEveryJdk("SHA-256"), e);
        }
    }
}
