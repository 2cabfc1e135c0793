package io.stagedoor.admission.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The limits' defaults as the docs quote them are the code's: every limit of {@link Limits#defaults()} has its row
 * in the limits table of {@code docs/concepts.md} (burst, sustained rate, what it does while Redis is unreachable),
 * and every row of README's limits table that names a limit quotes its burst and rate. A default changed in one
 * place fails here until the other says the same.
 */
class LimitsDocumentedTest {

    private static final Path DOCS = Path.of("..", "docs", "concepts.md");
    private static final Path README = Path.of("..", "README.md");
    /** "10 seats", "1 seat per 6 s", "200 / s", "20 failed / hour": tokens, then an optional count of the unit. */
    private static final Pattern RATE = Pattern.compile(
            "(\\d[\\d,]*)\\s*(?:seats?|failed)?\\s*(?:per|/)\\s*(\\d+)?\\s*(s|min|hour)\\b");
    private static final Pattern COUNT = Pattern.compile("(\\d[\\d,]*)");
    private static final Pattern NAMED = Pattern.compile("`([a-z-]+)`");

    /** A documented limit: burst, tokens per period, and (in the concepts' table) what it does without Redis. */
    private record Documented(long burst, long tokens, Duration period, String whenUnavailable) {
    }

    @Test
    void everyDefaultLimitIsQuotedAsTheCodeHasItInTheConceptsTable() throws IOException {
        Map<String, Documented> rows = rows(DOCS, 2, 3, 5);
        for (LimitPolicy policy : Limits.defaults().all().stream().map(Limit::policy).toList()) {
            assertThat(rows).as("docs/concepts.md's limits table has a row for `%s`", policy.name())
                    .containsKey(policy.name());
            Documented documented = rows.get(policy.name());
            assertQuoted(policy, documented, "docs/concepts.md");
            assertThat(whenUnavailable(documented.whenUnavailable())).as("%s while Redis is unreachable",
                    policy.name()).isEqualTo(policy.whenRedisDown());
        }
    }

    @Test
    void everyLimitReadmeNamesIsQuotedAsTheCodeHasIt() throws IOException {
        Map<String, Documented> rows = rows(README, 2, 2, -1);
        assertThat(rows).as("README's limits table names limits").isNotEmpty();
        for (LimitPolicy policy : Limits.defaults().all().stream().map(Limit::policy).toList()) {
            if (rows.containsKey(policy.name())) {
                assertQuoted(policy, rows.get(policy.name()), "README.md");
            }
        }
    }

    private static void assertQuoted(LimitPolicy policy, Documented documented, String where) {
        assertThat(documented.burst()).as("%s: %s's burst", where, policy.name()).isEqualTo(policy.capacity());
        assertThat(documented.tokens()).as("%s: %s's tokens per period", where, policy.name())
                .isEqualTo(policy.refillTokens());
        assertThat(documented.period()).as("%s: %s's period", where, policy.name()).isEqualTo(policy.refillPeriod());
    }

    /**
     * The rows of the table in {@code file} whose first cell names a limit in backticks, by name: the burst is the
     * first number of column {@code burstColumn}, the rate is read from column {@code rateColumn}, and
     * {@code unavailableColumn} (when not negative) says what the limit does without Redis.
     */
    private static Map<String, Documented> rows(Path file, int burstColumn, int rateColumn, int unavailableColumn)
            throws IOException {
        Map<String, Documented> rows = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.startsWith("| ")) {
                continue;
            }
            List<String> cells = List.of(line.substring(1).split("\\|")).stream().map(String::strip).toList();
            Matcher named = NAMED.matcher(cells.get(0));
            Matcher burst = COUNT.matcher(cells.size() > burstColumn ? cells.get(burstColumn) : "");
            Matcher rate = RATE.matcher(cells.size() > rateColumn ? cells.get(rateColumn) : "");
            if (!named.find() || !burst.find() || !rate.find()) {
                continue;
            }
            long periods = rate.group(2) == null ? 1 : Long.parseLong(rate.group(2));
            Duration unit = switch (rate.group(3)) {
                case "s" -> Duration.ofSeconds(1);
                case "min" -> Duration.ofMinutes(1);
                default -> Duration.ofHours(1);
            };
            rows.put(named.group(1), new Documented(number(burst.group(1)), number(rate.group(1)),
                    unit.multipliedBy(periods), unavailableColumn < 0 ? "" : cells.get(unavailableColumn)));
        }
        return rows;
    }

    private static long number(String digits) {
        return Long.parseLong(digits.replace(",", ""));
    }

    private static WhenUnavailable whenUnavailable(String cell) {
        return cell.contains("fail open") ? WhenUnavailable.FAIL_OPEN
                : cell.contains("in-process bucket") ? WhenUnavailable.LOCAL_BUCKET : null;
    }
}
