package io.stagedoor.ingress.pages;

import io.stagedoor.ingress.http.IngressMessages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
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

    /**
     * One file, with its media type, an entity tag over its bytes, and the CSP hash sources ({@code 'sha256-…'}) of
     * the import maps an HTML file carries inline (none for other files).
     */
    record StaticFile(byte[] bytes, String mediaType, String etag, List<String> importMapHashes) {
    }

    /** An inline import map: browsers accept no other kind, and CSP lets one run only by its hash. */
    private static final Pattern IMPORT_MAP = Pattern.compile("<script type=\"importmap\">(.*?)</script>", Pattern.DOTALL);

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
            StaticFile file = new StaticFile(bytes, mediaType, etag(bytes),
                    name.endsWith(".html") ? importMapHashes(new String(bytes, StandardCharsets.UTF_8)) : List.of());
            found.put(name, file);
            return Optional.of(file);
        } catch (IOException e) {
            throw new UncheckedIOException(PagesMessages.cannotReadFile(folder, name), e);
        }
    }

    private static String etag(byte[] bytes) {
        return HexFormat.of().formatHex(sha256(bytes), 0, 16);
    }

    /** The CSP hash source of each inline import map, over its exact text (CSP Level 3, "hash-source"). */
    static List<String> importMapHashes(String html) {
        return IMPORT_MAP.matcher(html).results()
                .map(map -> "'sha256-" + Base64.getEncoder().encodeToString(
                        sha256(map.group(1).getBytes(StandardCharsets.UTF_8))) + "'")
                .toList();
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(IngressMessages.algorithmInEveryJdk("SHA-256"), e);
        }
    }
}
