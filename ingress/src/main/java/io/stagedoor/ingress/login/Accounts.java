package io.stagedoor.ingress.login;

import com.fasterxml.jackson.core.type.TypeReference;
import io.stagedoor.ingress.store.JsonListFile;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Buyer accounts: email, buyer id and Argon2id password hash, kept in a JSON file that every ingress instance reads
 * (and {@code ./stagedoor accounts add} writes). The password itself is never stored. Thread-safe.
 *
 * <p>One buyer id belongs to one email: tickets, passes, seat caps, results and holds all key on the buyer id, so an
 * account that would take another email's id is refused ({@link BuyerIdTaken}), and a file in which two emails share
 * one is refused at load. An account added without an id gets an opaque one ({@code b-} and 20 random hex digits),
 * never one derived from the address, whose local part another domain may repeat
 * (docs/decisions/0022-a-buyer-id-belongs-to-one-email.md).
 */
public final class Accounts {

    /** What a buyer id may be: what the operator routes accept, and safe inside a Redis hash tag. */
    public static final Pattern BUYER_ID = Pattern.compile("[A-Za-z0-9._@:-]{1,128}");
    private static final String OPAQUE_PREFIX = "b-";
    private static final int OPAQUE_BYTES = 10;

    /** One account. */
    public record Account(String email, String buyerId, String passwordHash) {
    }

    private final Path file;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Account> byEmail = new ConcurrentHashMap<>();
    private final Map<String, String> emailByBuyer = new ConcurrentHashMap<>();

    private Accounts(Path file) {
        this.file = file;
    }

    /**
     * The accounts of {@code file} (none when it does not exist yet); null file keeps them in memory only.
     *
     * @throws IllegalStateException when two emails of the file share one buyer id
     */
    public static Accounts load(Path file) {
        Accounts accounts = new Accounts(file);
        for (Account stored : JsonListFile.read(file, new TypeReference<List<Account>>() { }, "accounts")) {
            Account account = new Account(EmailAddresses.canonical(stored.email()), stored.buyerId(),
                    stored.passwordHash());
            String owner = accounts.emailByBuyer.putIfAbsent(account.buyerId(), account.email());
            if (owner != null && !owner.equals(account.email())) {
                throw new IllegalStateException(AccountMessages.buyerIdShared(String.valueOf(file), account.buyerId(),
                        owner, account.email()));
            }
            Account replaced = accounts.byEmail.put(account.email(), account);
            if (replaced != null && !replaced.buyerId().equals(account.buyerId())) {
                accounts.emailByBuyer.remove(replaced.buyerId(), account.email());
            }
        }
        return accounts;
    }

    /** The account of {@code email}, normalised as {@link EmailAddresses#canonical} does for the login limit. */
    public Optional<Account> find(String email) {
        return Optional.ofNullable(byEmail.get(EmailAddresses.canonical(email)));
    }

    /**
     * Adds or replaces the account of {@code email} and writes the file.
     *
     * @param buyerId the buyer id; null keeps the id the email's account has, or gives a new account a new opaque id
     * @throws BuyerIdTaken             when another email's account has {@code buyerId}; nothing changes
     * @throws IllegalArgumentException when {@code buyerId} is not a valid buyer id
     */
    public synchronized Account put(String email, String buyerId, String passwordHash) {
        String canonical = EmailAddresses.canonical(email);
        Account existing = byEmail.get(canonical);
        String id = buyerId != null ? buyerId : existing != null ? existing.buyerId() : newBuyerId();
        if (!BUYER_ID.matcher(id).matches()) {
            throw new IllegalArgumentException(AccountMessages.badBuyerId(id));
        }
        String owner = emailByBuyer.get(id);
        if (owner != null && !owner.equals(canonical)) {
            throw new BuyerIdTaken(id, canonical, owner);
        }
        Account account = new Account(canonical, id, passwordHash);
        if (existing != null && !existing.buyerId().equals(id)) {
            emailByBuyer.remove(existing.buyerId());
        }
        emailByBuyer.put(id, canonical);
        byEmail.put(canonical, account);
        save();
        return account;
    }

    public int size() {
        return byEmail.size();
    }

    /** A buyer id no account has: opaque, so it says nothing of the address and no other address can repeat it. */
    private String newBuyerId() {
        byte[] bytes = new byte[OPAQUE_BYTES];
        String id;
        do {
            random.nextBytes(bytes);
            id = OPAQUE_PREFIX + HexFormat.of().formatHex(bytes);
        } while (emailByBuyer.containsKey(id));
        return id;
    }

    private void save() {
        JsonListFile.write(file, List.copyOf(byEmail.values()), "accounts");
    }
}
