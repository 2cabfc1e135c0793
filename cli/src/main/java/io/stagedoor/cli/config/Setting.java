package io.stagedoor.cli.config;

import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * One configurable value: its key (as in {@code stagedoor.properties}), what it means, its default (read from the
 * code's own defaults, never written twice), and how it is applied to the settings being built.
 */
record Setting(String key, String description, String defaultValue, BiConsumer<Settings, String> apply) {

    /** The environment variable that overrides it: {@code ingress.max-in-flight} → {@code STAGEDOOR_INGRESS_MAX_IN_FLIGHT}. */
    String environmentVariable() {
        return "STAGEDOOR_" + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }
}
