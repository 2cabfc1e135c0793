package io.stagedoor.harness;

import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.ApiKeys;
import io.stagedoor.ingress.DevelopmentSecrets;
import io.stagedoor.ingress.login.Accounts;
import io.stagedoor.ingress.login.PasswordHasher;
import java.nio.file.Path;

/**
 * The accounts and scanner key {@code up} makes when they are missing: buyers {@code ada@stagedoor.test},
 * {@code grace@stagedoor.test} and {@code linus@stagedoor.test}, password {@code stagedoor}; and the gate key
 * {@code sdk.gate-a.development-scanner-key} for the demo organizer. Development only: their password and key are
 * published in README, so an ingress listening beyond loopback never gets them ({@link #ensureOnLoopback}).
 */
public final class DemoAccounts {

    public static final String PASSWORD = "stagedoor";
    public static final String GATE_KEY_ID = "gate-a";
    public static final String GATE_KEY = "sdk." + GATE_KEY_ID + ".development-scanner-key";
    private static final String[] BUYERS = {"ada", "grace", "linus"};

    private DemoAccounts() {
    }

    /**
     * Adds the demo accounts and key to the files of {@code settings} when they are not there yet and every listener
     * of {@code settings} is on loopback; beyond loopback adds nothing.
     *
     * @return whether the demo accounts and key are in the files (false beyond loopback)
     */
    public static boolean ensureOnLoopback(IngressSettings settings) {
        if (DevelopmentSecrets.exposedAddress(settings).isPresent()) {
            return false;
        }
        ensure(settings.auth().accountsFile(), settings.auth().apiKeysFile());
        return true;
    }

    /** Adds the demo accounts and key to the files when they are not there yet. */
    public static void ensure(Path accountsFile, Path apiKeysFile) {
        Accounts accounts = Accounts.load(accountsFile);
        PasswordHasher hasher = PasswordHasher.defaults();
        for (String buyer : BUYERS) {
            String email = buyer + "@stagedoor.test";
            if (accounts.find(email).isEmpty()) {
                accounts.put(email, buyer, hasher.hash(PASSWORD));
            }
        }
        ApiKeys keys = ApiKeys.load(apiKeysFile);
        if (keys.verify(GATE_KEY).isEmpty()) {
            keys.store(GATE_KEY, GATE_KEY_ID, DemoEvent.ORGANIZER_ID);
        }
    }
}
