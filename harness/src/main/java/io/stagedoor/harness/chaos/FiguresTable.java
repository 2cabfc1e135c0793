package io.stagedoor.harness.chaos;

import java.io.PrintStream;
import java.util.List;

/** Prints the figures of a chaos run as a Markdown table, then each scenario's expectations. */
final class FiguresTable {

    private FiguresTable() {
    }

    static void print(List<LossFigures> all, PrintStream out) {
        out.println();
        out.println("| scenario | fault | offered | accepted | refused | shed | failed | results missing | duplicates"
                + " | double charges | double sales | unrecorded 202s | bad answers | worst added latency | audit |");
        out.println("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
        for (LossFigures f : all) {
            out.printf("| %s | %s | %,d | %,d | %,d | %,d | %,d | %d | %d | %d | %d | %d | %d | %d ms | %s |%n",
                    f.scenario(), f.fault(), f.offered(), f.accepted(), f.refused(), f.shed(), f.failed(),
                    f.resultsMissing(), f.duplicates(), f.doubleCharges(), f.doubleSales(), f.unrecorded(),
                    f.badAnswers(), f.worstAddedLatencyMs(),
                    f.auditFailed().isEmpty() ? "passed" : "failed: " + String.join(", ", f.auditFailed()));
        }
        out.println();
        for (LossFigures f : all) {
            out.println(f.scenario() + (f.lossless() ? ": nothing lost" : ": LOSS"));
            for (Expectations.Expectation e : f.expectations()) {
                out.println("  " + (e.held() ? "ok  " : "NOT ") + e.promise() + ": " + e.seen());
            }
        }
    }
}
