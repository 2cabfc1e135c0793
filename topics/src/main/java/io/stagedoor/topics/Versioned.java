package io.stagedoor.topics;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A record that travels on a topic. Its JSON carries {@code "v"}, the schema version, so a reader can tell
 * an old record from a new one; readers ignore fields they do not know.
 */
public interface Versioned {

    /** The current schema version of every record type. */
    int VERSION = 1;

    /** The schema version written into the JSON. */
    @JsonProperty("v")
    default int schemaVersion() {
        return VERSION;
    }
}
