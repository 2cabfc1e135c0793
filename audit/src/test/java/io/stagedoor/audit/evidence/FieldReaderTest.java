package io.stagedoor.audit.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.topics.HoldRequested;
import io.stagedoor.topics.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class FieldReaderTest {

    private final FieldReader reader = new FieldReader(List.of("correlationId", "buyerId", "admittedAt", "v"));

    @Test
    void readsTheNamedTopLevelFieldsAndSkipsNestedOnes() throws IOException {
        HoldRequested hold = new HoldRequested("c-1", "evt", "b-7", List.of("A-1", "A-2"),
                Instant.parse("2026-11-30T19:00:00.123Z"));

        assertThat(reader.read(Json.write(hold))).containsExactly("c-1", "b-7", "2026-11-30T19:00:00.123Z", "1");
    }

    @Test
    void absentAndNullFieldsAreNull() throws IOException {
        byte[] json = "{\"correlationId\":null,\"nested\":{\"buyerId\":\"x\"}}".getBytes(StandardCharsets.UTF_8);

        assertThat(reader.read(json)).containsOnlyNulls();
    }

    @Test
    void somethingOtherThanAnObjectIsUnreadable() {
        assertThatThrownBy(() -> reader.read("[1]".getBytes(StandardCharsets.UTF_8))).isInstanceOf(IOException.class)
                .hasMessage(AuditMessages.notAJsonObject());
        assertThatThrownBy(() -> reader.read("{not json".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-30T19:00:00Z", "2026-11-30T19:00:00.1Z", "2026-11-30T19:00:00.123Z",
            "2026-11-30T19:00:00.123456Z", "2026-11-30T19:00:00.123456789Z", "1970-01-01T00:00:00Z",
            "2024-02-29T23:59:59.999Z", "2026-11-30T19:00:00+01:00"})
    void parsesInstantsExactlyAsInstantParseDoes(String text) throws IOException {
        Instant expected = text.endsWith("Z") ? Instant.parse(text) : java.time.OffsetDateTime.parse(text).toInstant();

        assertThat(FieldReader.instant(text)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-13-30T19:00:00Z", "2026-11-30T25:00:00Z", "yesterday", "2026-11-3xT19:00:00Z"})
    void refusesWhatIsNotAnInstant(String text) {
        assertThatThrownBy(() -> FieldReader.instant(text)).isInstanceOf(IOException.class)
                .hasMessage(AuditMessages.notAnInstant(text));
    }
}
