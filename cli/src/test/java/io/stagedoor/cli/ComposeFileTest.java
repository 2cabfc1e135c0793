package io.stagedoor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code compose.yaml} as Docker Compose reads it (anchors and merge keys resolved): every ingress it runs is told
 * how many ingress instances there are, since each admits rate / count to a room while Redis is down.
 */
class ComposeFileTest {

    private static final Path COMPOSE = Path.of("..", "compose.yaml");

    @Test
    void everyIngressIsToldTheNumberOfIngressesTheFileRuns() throws Exception {
        List<List<String>> ingresses = ingressCommands();

        assertThat(ingresses).hasSizeGreaterThan(1);
        for (List<String> command : ingresses) {
            int flag = command.indexOf("--instance-count");
            assertThat(flag).as("--instance-count in %s", command).isNotNegative();
            assertThat(Integer.parseInt(command.get(flag + 1))).as("instance count in %s", command)
                    .isEqualTo(ingresses.size());
        }
    }

    @Test
    void everyIngressHasAnIndexOfItsOwn() throws Exception {
        List<List<String>> ingresses = ingressCommands();

        List<Integer> indexes = ingresses.stream().map(command -> {
            int flag = command.indexOf("--instance-index");
            assertThat(flag).as("--instance-index in %s", command).isNotNegative();
            return Integer.parseInt(command.get(flag + 1));
        }).sorted().toList();
        assertThat(indexes).isEqualTo(java.util.stream.IntStream.range(0, ingresses.size()).boxed().toList());
    }

    @SuppressWarnings("unchecked")
    private static List<List<String>> ingressCommands() throws Exception {
        Map<String, Object> compose;
        try (Reader reader = Files.newBufferedReader(COMPOSE)) {
            compose = new Yaml().load(reader);
        }
        Map<String, Map<String, Object>> services = (Map<String, Map<String, Object>>) compose.get("services");
        return services.values().stream()
                .map(service -> (List<String>) service.get("command"))
                .filter(command -> command != null && command.contains("/app/stagedoor.jar")
                        && "ingress".equals(command.get(command.indexOf("/app/stagedoor.jar") + 1)))
                .toList();
    }
}
