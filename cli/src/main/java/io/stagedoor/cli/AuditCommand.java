package io.stagedoor.cli;

import io.stagedoor.audit.run.Audit;
import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditOptions;
import io.stagedoor.audit.report.AuditReport;
import io.stagedoor.audit.ReplayProgressLine;
import io.stagedoor.audit.TimeArgument;
import io.stagedoor.audit.report.HtmlReport;
import io.stagedoor.audit.report.JsonReport;
import io.stagedoor.audit.report.SummaryTable;
import io.stagedoor.topics.TopicNames;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code stagedoor audit --from T1 [--to T2]}: replays the window's topics, prints one line per check and exits
 * 0 when every check held, 1 when one failed, 2 on bad arguments and 3 when the topics could not be read.
 */
@Command(name = "audit", mixinStandardHelpOptions = true,
        description = {"Replay the topics of a time window and prove that every accepted request got one result,"
                + " no seat was held or sold twice, every sale was paid once and the limits held.",
                "Times are ISO-8601 instants (2026-11-30T19:00:00Z) or durations back from now (90s, 15m, 2h, 1d)."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:every check held", "1:a check failed", "2:bad arguments", "3:the topics could not be read"})
public final class AuditCommand implements Callable<Integer> {

    public static final int PASSED = 0;
    public static final int FAILED = 1;
    public static final int UNREADABLE = 3;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--from", required = true, description = "Start of the window: instant or duration back from now.")
    String from;

    @Option(names = "--to", defaultValue = "now", description = "End of the window (default ${DEFAULT-VALUE}).")
    String to;

    @Option(names = "--kafka", defaultValue = "127.0.0.1:9092", description = "Kafka bootstrap servers (default ${DEFAULT-VALUE}).")
    String kafka;

    @picocli.CommandLine.Mixin
    io.stagedoor.cli.ConfigOptions config;

    @Option(names = "--namespace", defaultValue = "", description = "Topic namespace (default none).")
    String namespace;

    @Option(names = "--json", description = "Write the full report as JSON to this file.")
    Path json;

    @Option(names = "--html", description = "Write a self-contained HTML report with plots to this file.")
    Path html;

    @Option(names = "--edge", defaultValue = "30s",
            description = "How far past the window results may land, and how near an edge an unmatched record is forgiven (default ${DEFAULT-VALUE}).")
    String edge;

    @Option(names = "--seat-lead-in", defaultValue = "15m",
            description = "Seat history read before the window, longer than a hold lives (default ${DEFAULT-VALUE}).")
    String seatLeadIn;

    @Option(names = "--max-offenses", defaultValue = "20", description = "Offending records kept per check (default ${DEFAULT-VALUE}).")
    int maxOffenses;

    @Option(names = "--quiet", description = "No progress line.")
    boolean quiet;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        AuditOptions options = options(Clock.systemUTC().instant());
        ReplayProgressLine progress = quiet ? null : new ReplayProgressLine(err);
        AuditReport report;
        try {
            report = Audit.run(progress == null ? options : options.withProgress(progress));
        } catch (RuntimeException e) {
            err.println(AuditMessages.cannotAudit(String.valueOf(e.getMessage())));
            return UNREADABLE;
        } finally {
            if (progress != null) {
                progress.done();
            }
        }
        out.print(SummaryTable.render(report));
        if (json != null) {
            JsonReport.write(report, json);
            out.println("JSON report: " + json);
        }
        if (html != null) {
            HtmlReport.write(report, html);
            out.println("HTML report: " + html);
        }
        out.flush();
        return report.passed() ? PASSED : FAILED;
    }

    private AuditOptions options(Instant now) {
        try {
            Instant start = TimeArgument.parse(from, now);
            Instant end = TimeArgument.parse(to, now);
            Duration edgeDuration = TimeArgument.duration(edge);
            Duration leadIn = TimeArgument.duration(seatLeadIn);
            return AuditOptions.of(config.load().kafka(kafka), new TopicNames(namespace), start, end)
                    .withEdge(edgeDuration)
                    .withSeatLeadIn(leadIn)
                    .withMaxOffenses(maxOffenses);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
    }
}
