package io.stagedoor.ingress.auth;

import com.fasterxml.jackson.core.type.TypeReference;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.store.JsonListFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Scanner API keys, stored only as SHA-256 hashes in a JSON file. A key reads {@code sdk.<keyId>.<secret>}; the
 * id finds the stored hash, and the whole key must hash to it. The key itself is shown once, when it is made.
 * Thread-safe.
 */
public final class ApiKeys {

    /** One stored key: its id, its organizer, and the hash of the whole key. */
    public record StoredKey(String keyId, String organizerId, String sha256) {
    }

    private final Path file;
    private final Map<String, StoredKey> byId = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();

    private ApiKeys(Path file) {
        this.file = file;
    }

    /** The keys of {@code file} (none when it does not exist yet); null file keeps them in memory only. */
    public static ApiKeys load(Path file) {
        ApiKeys keys = new ApiKeys(file);
        JsonListFile.read(file, new TypeReference<List<StoredKey>>() { }, "api keys")
                .forEach(key -> keys.byId.put(key.keyId(), key));
        return keys;
    }

    /** Makes a key for {@code organizerId}, stores its hash, and returns the key (the only time it is visible). */
    public synchronized String create(String keyId, String organizerId) {
        byte[] secret = new byte[24];
        random.nextBytes(secret);
        String key = "sdk." + keyId + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        store(key, keyId, organizerId);
        return key;
    }

    /** Stores a key chosen by the caller (the development key of {@code up}). */
    public synchronized void store(String key, String keyId, String organizerId) {
        byId.put(keyId, new StoredKey(keyId, organizerId, sha256(key)));
        save();
    }

    /** The scanner a presented key proves, or empty. */
    public Optional<Caller> verify(String presented) {
        if (presented == null) {
            return Optional.empty();
        }
        String[] parts = presented.split("\\.", 3);
        if (parts.length != 3 || !"sdk".equals(parts[0])) {
            return Optional.empty();
        }
        StoredKey stored = byId.get(parts[1]);
        if (stored == null || !MessageDigest.isEqual(stored.sha256().getBytes(StandardCharsets.US_ASCII),
                sha256(presented).getBytes(StandardCharsets.US_ASCII))) {
            return Optional.empty();
        }
        return Optional.of(new Caller(Role.SCANNER, stored.keyId(), stored.organizerId()));
    }

    private static String sha256(String key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(IngressMessages.algorithmInEveryJdk("SHA-256"), e);
        }
    }

    private void save() {
        JsonListFile.write(file, List.copyOf(byId.values()), "api keys");
    }
}
