package io.stagedoor.ingress.login;

import java.util.Locale;

/**
 * How an email address keys the per-account login limit: trimmed, lower-cased, and with any {@code +tag} removed
 * from the local part, so {@code Ada+1@Example.com} and {@code ada@example.com} share one bucket and a guesser
 * cannot get a fresh bucket per tag. Accounts themselves are looked up by the trimmed, lower-cased address.
 */
public final class EmailAddresses {

    private EmailAddresses() {
    }

    /** The address accounts are stored under. */
    public static String canonical(String email) {
        return email.trim().toLowerCase(Locale.ROOT);
    }

    /** The key of the per-account login limit. */
    public static String limitKey(String email) {
        String canonical = canonical(email);
        int at = canonical.lastIndexOf('@');
        if (at <= 0) {
            return canonical;
        }
        String local = canonical.substring(0, at);
        int plus = local.indexOf('+');
        return (plus > 0 ? local.substring(0, plus) : local) + canonical.substring(at);
    }

    /** Whether the text has the shape of an email address (one @, something on each side). */
    public static boolean plausible(String email) {
        String canonical = canonical(email);
        int at = canonical.indexOf('@');
        return at > 0 && at == canonical.lastIndexOf('@') && at < canonical.length() - 1 && canonical.length() <= 254;
    }
}
