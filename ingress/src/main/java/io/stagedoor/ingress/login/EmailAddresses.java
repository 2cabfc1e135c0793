package io.stagedoor.ingress.login;

import java.util.Locale;

/**
 * The one normalisation of an email address: trimmed and lower-cased, nothing else. Accounts are stored and looked
 * up under it and the per-account login limit keys on it, so the limit always counts against the account a login
 * would reach. A {@code +tag} is part of the address ({@code ada+x@example.com} is another account than
 * {@code ada@example.com}, see docs/decisions/0001-an-email-account-is-its-whole-address.md): a tagged variant
 * neither drains another account's bucket nor tests another account's password.
 */
public final class EmailAddresses {

    private EmailAddresses() {
    }

    /** The address an account is stored, looked up and login-limited under. */
    public static String canonical(String email) {
        return email.trim().toLowerCase(Locale.ROOT);
    }

    /** Whether the text has the shape of an email address (one @, something on each side). */
    public static boolean plausible(String email) {
        String canonical = canonical(email);
        int at = canonical.indexOf('@');
        return at > 0 && at == canonical.lastIndexOf('@') && at < canonical.length() - 1 && canonical.length() <= 254;
    }
}
