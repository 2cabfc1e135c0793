package io.stagedoor.harness.demo;

import io.stagedoor.audit.report.AuditReport;
import io.stagedoor.audit.report.SummaryTable;
import io.stagedoor.harness.load.LatencySamples;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The end of a demo: what the clients saw, what the service counted, how the script fared against its limit, and
 * the audit of the run's window. {@link #render()} is the text the terminal shows.
 *
 * @param settings    the sizes and durations of the run
 * @param from        when the traffic began
 * @param to          when it ended
 * @param seats       seats in the house
 * @param tally       what the clients saw
 * @param office      what the office's buyers saw
 * @param officeFrom  the office's address
 * @param script      the script's share, when it ran
 * @param outageAt    when Redis was stopped, when it was
 * @param outageUntil when it was started again
 * @param service     what the ingress counted
 * @param health      the figures that say whether the sale was a healthy one, with their verdicts
 * @param audit       the audit of the window
 */
record DemoReport(DemoSettings settings, Instant from, Instant to, int seats, CrowdTally tally, OfficeTally office,
                         String officeFrom, ScriptShare script, Instant outageAt, Instant outageUntil,
                         ServiceFigures service, SaleHealth health, AuditReport audit) {

    /** Whether the audit passed: the demo's exit status. */
    public boolean passed() {
        return audit.passed();
    }

    /** Whether every request the service accepted got its result to the client. */
    public boolean everyAcceptedAnswered() {
        return tally.withoutResult.get() == 0;
    }

    /** Whether the script got no more holds than its bucket allows while Redis decided (true when none ran). */
    public boolean scriptWithinBucket() {
        return script == null || script.withinBucket();
    }

    public String render() {
        StringBuilder out = new StringBuilder();
        line(out, "stagedoor demo: %,d buyers (%,d in one office)%s, %d scanner phones; traffic %.1f s",
                settings.buyers(), settings.office(), script == null ? "" : ", one script", settings.phones(),
                Duration.between(from, to).toMillis() / 1000.0);
        line(out, "  waiting room   %,d joined, %,d passes %s %.0f buyers/s, %,d never admitted", tally.arrived.get(),
                tally.passes.get(), settings.entryLoop() ? "from a closed-loop rate starting at" : "at",
                settings.entryRate(), tally.neverAdmitted.get());
        if (settings.maxActive() > 0) {
            line(out, "                 at most %,d buyers shopping at once; %,d left without buying, giving their slot"
                    + " to the next in line", settings.maxActive(), tally.left.get());
        }
        if (service.roomFallbackTotal() > 0) {
            // The room's breaker opens whenever its Redis calls fail or take over its timeout, not only in the outage.
            line(out, "                 %,d answers from the instance's own queue over the run (%s): Redis down, or"
                    + " slower than the room's timeout", service.roomFallbackTotal(), counts(service.roomFallbacks(),
                    "none"));
        }
        line(out, "  admitted       %,d requests accepted (%,d holds, %,d checkouts), %,d without a result",
                tally.accepted(), tally.holdsAccepted.get(), tally.checkoutsAccepted.get(), tally.withoutResult.get());
        line(out, "  429 refused    %,d answers; Retry-After honoured: %s (%,d waits, %,d calls came back early)",
                tally.rateLimited.get(), tally.retryAfterBroken.get() == 0 ? "yes" : "NO", tally.retryAfterWaits.get(),
                tally.retryAfterBroken.get());
        line(out, "  503 shed       %,d answers of %,d requests (%s); %,d requests got no answer",
                tally.overloaded.get(), tally.requests.get(), counts(service.shed(), "none counted"),
                tally.unanswered.get());
        line(out, "                 Redis calls failed, by user and why: %s", counts(service.ownAccount(), "none"));
        line(out, "  holds          %,d held (%,d seats), %,d rejected (%s)", tally.held.get(),
                tally.seatsHeld.get(), tally.holdsRejected.total(), counts(tally.holdsRejected.byReason(), "none"));
        line(out, "  sales          %,d orders, %,d of %,d seats sold, %,d payments declined", tally.orders.get(),
                tally.seatsSold.get(), seats, tally.declined.get());
        LatencySamples holds = tally.holdLatency.all();
        line(out, "  POST->result   holds p50 %s p99 %s (%,d); checkouts p50 %s p99 %s (%,d, payment included)",
                millis(holds.quantile(0.5)), millis(holds.quantile(0.99)),
                holds.count(), millis(tally.checkoutLatency.quantile(0.5)),
                millis(tally.checkoutLatency.quantile(0.99)), tally.checkoutLatency.count());
        if (script != null) {
            line(out, "  script         %,d holds of %,d seats accepted: %,d seats while Redis decided (its bucket allows"
                            + " %,d), %,d while Redis was down (failed open)", script.holdsAccepted(),
                    script.seatsAccepted(), script.acceptedWhileDecided(), script.allowance(),
                    script.acceptedDuringOutage());
            line(out, "                 %,d seats held = %.1f%% of the house; a fair share is %.2f seats (%.2f%%)",
                    script.seatsHeld(), script.sharePercent(), script.fairSeats(), 100.0 / script.accounts());
            line(out, "                 %,d holds rejected (%s); the event's cap is %d seats held or bought per buyer",
                    script.holdsRejected(), counts(script.rejected(), "none"), settings.maxSeatsPerBuyer());
        }
        long othersCalls = tally.holdCalls.get() - office.holdCalls.get();
        long othersLimited = tally.holdCallsRateLimited.get() - office.holdsRateLimited.get();
        line(out, "  office         %,d buyers behind %s: %,d holds accepted, %.2f 429s per hold vs %.2f for everyone"
                        + " else (no hold limit is keyed on the address; each buyer has its own bucket)",
                settings.office(), officeFrom, office.holdsAccepted.get(),
                perCall(office.holdsRateLimited.get(), office.holdCalls.get()), perCall(othersLimited, othersCalls));
        if (outageAt != null) {
            line(out, "  redis outage   down at +%.1f s for %.1f s; fallbacks decided %,d (%s)",
                    Duration.between(from, outageAt).toMillis() / 1000.0,
                    Duration.between(outageAt, outageUntil == null ? to : outageUntil).toMillis() / 1000.0,
                    service.fallbackTotal(), counts(service.fallbackDecisions(), "none"));
        }
        line(out, "  gate           %,d admitted, %,d refused as already scanned, %,d unknown",
                tally.scansAdmitted.get(), tally.scansRepeated.get(), tally.scansUnknown.get());
        line(out, "health: %s (the pipeline ran in its own JVM, apart from the crowd)",
                health.healthy() ? "a healthy on-sale" : "NOT a healthy on-sale");
        health.lines().forEach(text -> line(out, "%s", text));
        out.append(System.lineSeparator()).append(SummaryTable.render(audit));
        return out.toString();
    }

    private static double perCall(long count, long calls) {
        return calls == 0 ? 0 : (double) count / calls;
    }

    private static void line(StringBuilder out, String format, Object... args) {
        out.append(String.format(Locale.ROOT, format, args)).append(System.lineSeparator());
    }

    private static String counts(Map<String, Long> counts, String none) {
        return counts.isEmpty() ? none : counts.entrySet().stream()
                .map(entry -> String.format(Locale.ROOT, "%s %,d", entry.getKey(), entry.getValue()))
                .collect(Collectors.joining(", "));
    }

    /** A latency as the report writes it: milliseconds, or seconds from 10 s. */
    static String millis(long latencyNanos) {
        long ms = Duration.ofNanos(latencyNanos).toMillis();
        return ms >= 10_000 ? String.format(Locale.ROOT, "%.1f s", ms / 1000.0) : ms + " ms";
    }
}
