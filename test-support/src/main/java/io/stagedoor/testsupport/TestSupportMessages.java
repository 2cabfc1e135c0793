package io.stagedoor.testsupport;

import java.nio.file.Path;
import java.time.Duration;

/** Every message the test fixtures write into an exception: the one place they are worded. */
public final class TestSupportMessages {

    private TestSupportMessages() {
    }

    public static String spinnersDidNotStart() {
        return "the spinners did not start";
    }

    public static String cannotCreateBrokerDataDir() {
        return "cannot create a data dir for the test broker";
    }

    public static String unassignedSlotsOutOfRange(int most) {
        return "unassigned slots must be 1.." + most;
    }

    public static String noFreePortPair() {
        return "no free port pair for a cluster node";
    }

    public static String cannotCreateRedisDirectory() {
        return "cannot create a directory for redis";
    }

    public static String cannotPrepareRedis(int port) {
        return "cannot prepare redis-server on port " + port;
    }

    public static String redisDidNotStart(int port) {
        return "redis on port " + port + " did not start";
    }

    public static String didNotHappen(String what, Duration limit) {
        return what + " did not happen within " + limit;
    }

    public static String interruptedWaitingUntil(String what) {
        return "interrupted while waiting until " + what;
    }

    public static String cannotWrite(Path file) {
        return "cannot write " + file;
    }

    public static String cannotCreateScramUser(String user) {
        return "cannot create the SCRAM user " + user;
    }

    public static String interruptedCreatingScramUser() {
        return "interrupted while creating the SCRAM user";
    }

    public static String interruptedLoggingIn(String user) {
        return "interrupted while logging in as " + user;
    }

    public static String saslSslListenerNeverAccepted(String user) {
        return "the SASL_SSL listener never accepted " + user;
    }

    public static String keytoolCommandFailed(String command, String output) {
        return "keytool " + command + " failed: " + output;
    }

    public static String keytoolFailed(String output) {
        return "keytool failed: " + output;
    }

    public static String cannotRunKeytool() {
        return "cannot run keytool";
    }

    public static String interruptedRunningKeytool() {
        return "interrupted while running keytool";
    }

    public static String cannotCreateSecuredBrokerDirectory() {
        return "cannot create a directory for the secured broker";
    }

    public static String cannotWriteTestCertificate() {
        return "cannot write the test certificate";
    }

    public static String cannotReadTestCertificate() {
        return "cannot read the test certificate";
    }

    public static String interruptedMakingTestCertificate() {
        return "interrupted while making the test certificate";
    }
}
