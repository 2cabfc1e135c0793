package io.stagedoor.harness.demo;

import io.stagedoor.harness.HarnessMessages;
import java.time.Duration;

/**
 * The sizes of the fans-before-bots demo ({@code stagedoor demo --farm N}): fans, each on an address of their own, and
 * one script's farm of accounts behind one IPv6 /64, against a presale with lanes, a join puzzle and the parked lane.
 *
 * @param fans         fans, each their own account on their own address
 * @param accounts     the farm's accounts, all behind one /64
 * @param fanClubShare share of the fans in the fan club's lane, and that lane's share of the entry rate
 * @param codesShare   share of the registrants the presale's lottery gives a code
 * @param puzzleBits   the join puzzle's difficulty, in leading zero bits
 * @param entryRate    the room's entry rate, buyers per second
 * @param seatsPerHold seats a fan holds; the farm holds the event's seat cap per account
 * @param patience     how long an account waits in the room before it gives up
 * @param seed         the farm's and the fans' seat choices
 */
public record FarmSettings(int fans, int accounts, double fanClubShare, double codesShare, int puzzleBits,
                           double entryRate, int seatsPerHold, Duration patience, long seed) {

    public FarmSettings {
        if (fans < 1 || accounts < 1 || puzzleBits < 1 || puzzleBits > 24 || seatsPerHold < 1
                || !(entryRate > 0) || !(fanClubShare > 0 && fanClubShare < 1) || !(codesShare > 0 && codesShare <= 1)
                || patience == null || patience.isNegative() || patience.isZero()) {
            throw new IllegalArgumentException(HarnessMessages.farmSettingsOutOfRange());
        }
    }

    /** 60 fans and a farm of {@code accounts}: a fifth of the fans in the fan club, codes for nine in ten, 14 bits. */
    public static FarmSettings of(int accounts) {
        return new FarmSettings(60, accounts, 0.2, 0.9, 14, 20, 2, Duration.ofSeconds(20), 19);
    }

    /** These settings with {@code count} fans. */
    public FarmSettings withFans(int count) {
        return new FarmSettings(count, accounts, fanClubShare, codesShare, puzzleBits, entryRate, seatsPerHold, patience,
                seed);
    }

    /** These settings with the puzzle at {@code bits}. */
    public FarmSettings withPuzzleBits(int bits) {
        return new FarmSettings(fans, accounts, fanClubShare, codesShare, bits, entryRate, seatsPerHold, patience, seed);
    }

    /** These settings with accounts waiting {@code wait} in the room at most. */
    public FarmSettings withPatience(Duration wait) {
        return new FarmSettings(fans, accounts, fanClubShare, codesShare, puzzleBits, entryRate, seatsPerHold, wait, seed);
    }

    /** Fans in the fan club. */
    int fanClub() {
        return (int) Math.round(fans * fanClubShare);
    }
}
