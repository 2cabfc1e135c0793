package io.stagedoor.harness.demo;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagedoor.audit.check.CheckResult;
import io.stagedoor.audit.report.AuditReport;
import java.util.List;
import java.util.Locale;

/**
 * What the fans-before-bots sale came to: for the fans and for the farm, registrations, codes won, puzzles solved and
 * their cost, admissions and seats held; who was parked and why; each lane; the audit of the window. The farm's seats
 * are set against a fair share (one person's: the house over the fans and the farm's one owner) and against what its
 * accounts would have taken with no rule at all.
 */
record FarmReport(FarmSettings settings, FarmSale.Side fans, FarmSale.Side farm, JsonNode parked, JsonNode room,
                  AuditReport audit, int seats) {

    /** The checks that speak of this sale. */
    static final List<String> CHECKS = List.of("presale-lottery", "presale-codes", "waiting-room-parked",
            "waiting-room-lanes");

    boolean passed() {
        return audit.passed();
    }

    /** Farm accounts in the parked list. */
    long farmParked() {
        return parkedWhere(true);
    }

    /** Fans in the parked list. */
    long fansParked() {
        return parkedWhere(false);
    }

    private long parkedWhere(boolean farmAccounts) {
        long count = 0;
        for (JsonNode entry : parked.path("parked")) {
            count += entry.path("buyerId").asText().startsWith("farm-") == farmAccounts ? 1 : 0;
        }
        return count;
    }

    /** One person's fair share of the house: the fans and the farm's one owner. */
    double fairSeats() {
        return (double) seats / (settings.fans() + 1);
    }

    String render() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "stagedoor demo --farm: %d fans on addresses of their own (%d in the"
                + " fan club), one script's farm of %d accounts behind %s%n", settings.fans(), settings.fanClub(),
                settings.accounts(), FarmSale.FARM_NETWORK));
        out.append(String.format(Locale.ROOT, "  presale       registered: fans %d, farm %d; the lottery gave codes to"
                + " fans %d, farm %d%n", fans.registered.get(), farm.registered.get(), fans.codes.get(),
                farm.codes.get()));
        out.append(String.format(Locale.ROOT, "  puzzle        %d bits: fans solved %d (%s each), farm solved %d:"
                + " %,d hashes, %.1f s of one core%n", settings.puzzleBits(), fans.puzzles.get(),
                perPuzzle(fans), farm.puzzles.get(), farm.hashes.get(), farm.solveNanos.get() / 1e9));
        out.append(String.format(Locale.ROOT, "  parked        farm %d, fans %d%s%n", farmParked(), fansParked(),
                firstReason()));
        out.append(String.format(Locale.ROOT, "  admitted      fans %d of %d with codes, farm %d of %d%n",
                fans.admitted.get(), fans.codes.get(), farm.admitted.get(), farm.codes.get()));
        out.append(String.format(Locale.ROOT, "  seats         fans held %d; the farm held %d = %.1f%% of %,d seats,"
                + " %.1fx one person's fair share (%.1f seats); with no rule its %d accounts could take %d%n",
                fans.seatsHeld.get(), farm.seatsHeld.get(), 100.0 * farm.seatsHeld.get() / seats, seats,
                farm.seatsHeld.get() / fairSeats(), fairSeats(), settings.accounts(),
                (long) settings.accounts() * FarmEvent.MAX_SEATS_PER_BUYER));
        for (JsonNode lane : room.path("lanes")) {
            out.append(String.format(Locale.ROOT, "  lane          %-10s share %.2f, %d joined, %d admitted%n",
                    lane.path("lane").asText(), lane.path("share").asDouble(), lane.path("joined").asLong(),
                    lane.path("admitted").asLong()));
        }
        for (String name : CHECKS) {
            CheckResult check = audit.check(name);
            out.append(String.format(Locale.ROOT, "  audit         %-20s %s%n", name, check.status()));
        }
        out.append(audit.passed() ? "PASSED: every audit check" : "FAILED: " + audit.failures().stream()
                .map(CheckResult::name).toList()).append(System.lineSeparator());
        return out.toString();
    }

    private static String perPuzzle(FarmSale.Side side) {
        long solved = Math.max(1, side.puzzles.get());
        return String.format(Locale.ROOT, "%,d hashes, %.0f ms", side.hashes.get() / solved,
                side.solveNanos.get() / 1e6 / solved);
    }

    private String firstReason() {
        JsonNode first = parked.path("parked").path(0);
        return first.isMissingNode() ? "" : "; e.g. " + first.path("reason").asText();
    }
}
