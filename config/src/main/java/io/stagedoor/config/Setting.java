package io.stagedoor.config;

import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * One configurable value: its key (as in {@code stagedoor.properties}), what it means, its default (read from the
 * code's own defaults, never written twice), how it is applied to the settings being built, and whether it is a
 * secret (never printed but as its length).
 */
record Setting(String key, String description, String defaultValue, BiConsumer<Settings, String> apply, boolean secret) {

    Setting(String key, String description, String defaultValue, BiConsumer<Settings, String> apply) {
        this(key, description, defaultValue, apply, false);
    }

    /** A setting whose value is a secret, or the path of a file holding one. */
    static Setting secret(String key, String description, String defaultValue, BiConsumer<Settings, String> apply) {
        return new Setting(key, description, defaultValue, apply, true);
    }

    /** The environment variable that overrides it: {@code ingress.max-in-flight} → {@code STAGEDOOR_INGRESS_MAX_IN_FLIGHT}. */
    String environmentVariable() {
        return environmentVariable(key);
    }

    static String environmentVariable(String key) {
        return "STAGEDOOR_" + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }
}
