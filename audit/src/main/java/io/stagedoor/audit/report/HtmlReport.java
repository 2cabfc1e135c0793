package io.stagedoor.audit.report;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.check.Offense;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The audit as one self-contained HTML page: the verdict, every check with its offending records and figures,
 * and two inline SVG plots over the window (admitted, refused and shed per interval; acceptance-to-result
 * latency percentiles). No script, no stylesheet or font from elsewhere: it opens offline, years later.
 */
public final class HtmlReport {

    private static final String STYLE = """
            body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}
            h1{font-size:20px}h2{font-size:16px;margin-top:28px}
            table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
            .PASSED{color:#1a7f37;font-weight:600}.FAILED{color:#c62828;font-weight:600}.NOTED{color:#9a6700;font-weight:600}.SKIPPED{color:#777}
            .verdict{font-size:18px;padding:8px 12px;display:inline-block;border-radius:4px}
            .ok{background:#e6f4ea}.bad{background:#fdecea}code{font-size:12px}
            svg .grid{stroke:#eee}svg .axis{font-size:11px;fill:#555}svg .title{font-size:13px;font-weight:600}
            """;

    private HtmlReport() {
    }

    public static void write(AuditReport report, Path file) {
        try {
            JsonReport.createParent(file);
            Files.writeString(file, render(report), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(AuditMessages.cannotWriteReport("HTML", file), e);
        }
    }

    static String render(AuditReport report) {
        StringBuilder html = new StringBuilder(64 * 1024);
        html.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Stagedoor audit ")
                .append(Html.escape(report.from())).append("</title><style>").append(STYLE).append("</style></head><body>");
        html.append("<h1>Stagedoor audit: ").append(Html.escape(report.from())).append(" .. ")
                .append(Html.escape(report.to())).append("</h1>");
        html.append("<p class=\"verdict ").append(report.passed() ? "ok\">PASSED: every check held"
                : "bad\">FAILED: " + Html.escape(String.join(", ", report.failures().stream().map(CheckResult::name).toList())))
                .append("</p>");
        html.append("<p>Namespace <code>").append(Html.escape(report.namespace().isEmpty() ? "(none)" : report.namespace()))
                .append("</code>; results, payments and seat changes read to ").append(Html.escape(report.readTo()))
                .append("; generated ").append(Html.escape(report.generatedAt())).append(". ")
                .append(Html.escape(SummaryTable.speed(report.reading()))).append(".</p>");
        checks(html, report);
        charts(html, report.timeline());
        offenses(html, report);
        return html.append("</body></html>").toString();
    }

    private static void checks(StringBuilder html, AuditReport report) {
        html.append("<h2>Checks</h2><table><tr><th>check</th><th>status</th><th>count</th><th>promise</th><th>figures</th></tr>");
        for (CheckResult check : report.checks()) {
            html.append("<tr><td><code>").append(Html.escape(check.name())).append("</code></td><td class=\"")
                    .append(check.status()).append("\">").append(check.status()).append("</td><td>")
                    .append(check.count()).append("</td><td>").append(Html.escape(check.promise())).append("</td><td>");
            for (Map.Entry<String, Object> detail : check.details().entrySet()) {
                if (detail.getValue() instanceof List<?> list) {
                    html.append(Html.escape(detail.getKey())).append(":<ul>");
                    list.forEach(item -> html.append("<li>").append(Html.escape(item)).append("</li>"));
                    html.append("</ul>");
                } else {
                    html.append(Html.escape(detail.getKey())).append(" ").append(Html.escape(detail.getValue()))
                            .append("<br>");
                }
            }
            html.append("</td></tr>");
        }
        html.append("</table>");
    }

    private static void charts(StringBuilder html, Timeline timeline) {
        List<Instant> xs = timeline.bins().stream().map(Timeline.Bin::at).toList();
        String per = timeline.binMillis() == 1000 ? "second" : (timeline.binMillis() / 1000) + " s";
        html.append("<h2>Over time (per ").append(per).append(", UTC)</h2>");
        html.append(SvgChart.lines("Decisions per " + per, "", xs, List.of(
                series(timeline, "admitted", "#1a7f37", bin -> bin.admitted()),
                series(timeline, "refused", "#c62828", bin -> bin.refused()),
                series(timeline, "shed", "#6f42c1", bin -> bin.shed()),
                series(timeline, "fallback", "#9a6700", bin -> bin.fallback()))));
        html.append(SvgChart.lines("POST to result latency", "ms", xs, List.of(
                series(timeline, "p50", "#0969da", bin -> nan(bin.p50Millis())),
                series(timeline, "p90", "#9a6700", bin -> nan(bin.p90Millis())),
                series(timeline, "p99", "#c62828", bin -> nan(bin.p99Millis())),
                series(timeline, "max", "#777", bin -> nan(bin.maxMillis())))));
        html.append("<p>\"admitted\" counts requests published to the holds and checkouts topics; refused, shed and"
                + " fallback count the decisions on the admissions topic; latency runs from a request's acceptance to"
                + " its result's decision, by the interval it was accepted in.</p>");
    }

    private static void offenses(StringBuilder html, AuditReport report) {
        for (CheckResult check : report.checks()) {
            if (check.offenses().isEmpty()) {
                continue;
            }
            html.append("<h2>").append(Html.escape(check.name())).append(": first ").append(check.offenses().size())
                    .append(" of ").append(check.count()).append("</h2><table><tr><th>record</th><th>at</th>"
                            + "<th>subject</th><th>what</th></tr>");
            for (Offense offense : check.offenses()) {
                html.append(String.format(Locale.ROOT, "<tr><td><code>%s</code></td><td>%s</td><td><code>%s</code></td>"
                        + "<td>%s</td></tr>", Html.escape(offense.record()), Html.escape(offense.at()),
                        Html.escape(offense.subject()), Html.escape(offense.what())));
            }
            html.append("</table>");
        }
    }

    private static SvgChart.Series series(Timeline timeline, String name, String color,
                                          ToDoubleFunction<Timeline.Bin> value) {
        return new SvgChart.Series(name, color, timeline.bins().stream().mapToDouble(value).toArray());
    }

    private static double nan(Long value) {
        return value == null ? Double.NaN : value;
    }
}
