package io.stagedoor.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Error messages come from one place per module, its {@code *Messages} class (docs/STYLE: Bucket4j's
 * {@code BucketExceptions}): no production {@code throw new X(...)} writes its message inline, as a string literal
 * or a concatenation. {@code bench} measures and may; {@code Objects.requireNonNull(x, "x")} names a parameter and
 * is no message in this sense.
 */
class MessagesFromOnePlaceTest {

    private static final Path ROOT = Path.of("..");

    /** {@code throw new Something(} and whatever of its arguments stands on the same line. */
    private static final Pattern THROW = Pattern.compile("throw\\s+new\\s+[\\w.]+\\s*\\((.*)$");

    @Test
    void noProductionThrowWritesItsMessageInline() throws IOException {
        List<Path> sources = productionSources();
        assertThat(sources).as("production sources under %s", ROOT.toAbsolutePath().normalize()).hasSizeGreaterThan(100);

        List<String> inline = new ArrayList<>();
        for (Path source : sources) {
            List<String> lines = Files.readAllLines(source);
            for (int i = 0; i < lines.size(); i++) {
                Matcher match = THROW.matcher(lines.get(i));
                if (!match.find()) {
                    continue;
                }
                String arguments = match.group(1).strip();
                // A throw that breaks its line right after "(" has its first argument on the next line.
                if (arguments.isEmpty() && i + 1 < lines.size()) {
                    arguments = lines.get(i + 1).strip();
                }
                if (writesItsMessage(arguments)) {
                    inline.add(ROOT.relativize(source) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }
        assertThat(inline)
                .as("throw sites that build their message inline; move it to the module's *Messages class")
                .isEmpty();
    }

    private static boolean writesItsMessage(String arguments) {
        return arguments.startsWith("\"") || arguments.contains("\" +") || arguments.contains("+ \"");
    }

    private static List<Path> productionSources() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> file.getFileName().toString().endsWith(".java"))
                    .filter(file -> !file.getFileName().toString().endsWith("Messages.java"))
                    .filter(MessagesFromOnePlaceTest::isProductionSource)
                    .sorted()
                    .toList();
        }
    }

    /** {@code MODULE/src/main/java/...}, outside {@code bench} and any {@code target}. */
    private static boolean isProductionSource(Path file) {
        Path relative = ROOT.relativize(file);
        List<String> parts = new ArrayList<>();
        relative.forEach(part -> parts.add(part.toString()));
        return parts.size() > 4 && !parts.get(0).equals("bench") && !parts.contains("target")
                && parts.get(1).equals("src") && parts.get(2).equals("main") && parts.get(3).equals("java");
    }
}
