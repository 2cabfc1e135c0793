package io.stagedoor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditTopics;
import io.stagedoor.audit.OnSaleHistory;
import io.stagedoor.topics.HoldRequested;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code stagedoor audit} against a real broker: its exit codes, its summary line and its JSON report. */
class AuditCommandIT {

    private AuditTopics topics;
    private OnSaleHistory history;
    private Instant from;
    private Instant to;

    @BeforeEach
    void layDownAnHonestHistory() {
        topics = AuditTopics.create("audit-command");
        from = Instant.now().minus(Duration.ofMinutes(3)).truncatedTo(ChronoUnit.SECONDS);
        to = from.plus(Duration.ofMinutes(2));
        history = new OnSaleHistory(topics, from).honest();
    }

    @AfterEach
    void close() {
        topics.close();
    }

    @Test
    void theCommandExitsOneAndNamesTheRecordThatBrokeACheck() throws Exception {
        HoldRequested orphan = history.holdRequest("buyer-9", List.of("F-1"));
        Path json = Files.createTempDirectory("audit").resolve("report.json");
        StringWriter out = new StringWriter();

        int exit = new CommandLine(new AuditCommand()).setOut(new PrintWriter(out))
                .setErr(new PrintWriter(new StringWriter()))
                .execute("--from", from.toString(), "--to", to.toString(), "--kafka", AuditTopics.bootstrap(),
                        "--namespace", topics.names().namespace(), "--edge", "5s", "--json", json.toString());

        assertThat(exit).isEqualTo(AuditCommand.FAILED);
        assertThat(out.toString()).contains("FAILED: one-result-per-request")
                .containsPattern("one-result-per-request +FAILED +1  " + topics.names().holds() + "/\\d+@\\d+ "
                        + Pattern.quote(AuditMessages.missingResult("hold", orphan.correlationId())));
        assertThat(Files.readString(json)).contains("\"passed\" : false", orphan.correlationId());
    }

    @Test
    void theCommandRefusesATimeItCannotReadWithExitTwo() {
        StringWriter err = new StringWriter();

        int exit = new CommandLine(new AuditCommand()).setErr(new PrintWriter(err))
                .execute("--from", "yesterday", "--kafka", AuditTopics.bootstrap());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains(AuditMessages.badTime("yesterday"));
    }

}
