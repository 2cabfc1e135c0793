package io.stagedoor.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.apache.kafka.common.internals.Topic;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class TestNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"holds", "seat map/with spaces", "ünïcode:{tag}", ""})
    void namesAreLegalKafkaTopics(String prefix) {
        String name = TestNames.unique(prefix);

        Topic.validate(name);
        assertThat(name).matches("[A-Za-z0-9._-]+");
    }

    @Test
    void aLongPrefixStillMakesALegalTopic() {
        Topic.validate(TestNames.unique("p".repeat(400)));
    }

    @Test
    void namesDoNotRepeat() {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            names.add(TestNames.unique("holds"));
        }
        assertThat(names).hasSize(10_000);
    }
}
