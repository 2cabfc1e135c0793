package io.stagedoor.admission.parking;

import java.time.Duration;

/** Why an account was flagged, in words an operator reads beside the account: one place for every rule's reason. */
public final class ParkingReasons {

    private ParkingReasons() {
    }

    public static String addressCrowd(long accounts, String prefix, Duration window) {
        return "address-crowd: " + accounts + " accounts joined from " + prefix + " within " + window.toSeconds() + " s";
    }

    public static String byOperator(String why) {
        return "operator: " + why;
    }
}
