package io.stagedoor.ingress.login;

import com.fasterxml.jackson.core.type.TypeReference;
import io.stagedoor.ingress.store.JsonListFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Buyer accounts: email, buyer id and Argon2id password hash, kept in a JSON file that every ingress instance reads
 * (and {@code ./stagedoor accounts add} writes). The password itself is never stored. Thread-safe.
 */
public final class Accounts {

    /** One account. */
    public record Account(String email, String buyerId, String passwordHash) {
    }

    private final Path file;
    private final Map<String, Account> byEmail = new ConcurrentHashMap<>();

    private Accounts(Path file) {
        this.file = file;
    }

    /** The accounts of {@code file} (none when it does not exist yet); null file keeps them in memory only. */
    public static Accounts load(Path file) {
        Accounts accounts = new Accounts(file);
        JsonListFile.read(file, new TypeReference<List<Account>>() { }, "accounts")
                .forEach(account -> accounts.byEmail.put(EmailAddresses.canonical(account.email()), account));
        return accounts;
    }

    /** The account of {@code email}, normalised as {@link EmailAddresses#canonical} does for the login limit. */
    public Optional<Account> find(String email) {
        return Optional.ofNullable(byEmail.get(EmailAddresses.canonical(email)));
    }

    /** Adds or replaces an account and writes the file. */
    public synchronized Account put(String email, String buyerId, String passwordHash) {
        Account account = new Account(EmailAddresses.canonical(email), buyerId, passwordHash);
        byEmail.put(account.email(), account);
        save();
        return account;
    }

    public int size() {
        return byEmail.size();
    }

    private void save() {
        JsonListFile.write(file, List.copyOf(byEmail.values()), "accounts");
    }
}
