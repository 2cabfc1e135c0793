package io.stagedoor.admission.presale;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.signing.Hmacs;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The presale lottery: every registered account draws a ticket, HMAC-SHA256 of its id under the draw's seed, and the
 * lowest {@code codes} tickets win; the rest form the wait-list in ticket order. The order depends on the seed and the
 * set of registrants alone, not on the order they registered in or on who ran it, so anyone with the seed and the
 * registration log draws the same winners, and nobody can choose a place by registering early, late or twice. The
 * seed is fixed before registration closes and published with the draw. Stateless and thread-safe.
 */
public final class PresaleLottery {

    private PresaleLottery() {
    }

    /**
     * The draw of {@code codes} winners among {@code registrants} (repeats count once) under {@code seed}.
     *
     * @param seed at least 16 bytes, chosen before registration closed
     */
    public static Draw draw(byte[] seed, Collection<String> registrants, int codes) {
        if (seed == null || seed.length < 16) {
            throw new IllegalArgumentException(AdmissionMessages.presaleSeedTooShort(seed == null ? 0 : seed.length));
        }
        if (codes < 0) {
            throw new IllegalArgumentException(AdmissionMessages.presaleCodesNegative(codes));
        }
        Mac mac = Hmacs.keyed(new SecretKeySpec(seed, Hmacs.ALGORITHM));
        List<Drawn> drawn = new ArrayList<>();
        for (String account : new LinkedHashSet<>(registrants)) {
            drawn.add(new Drawn(account, ticket(mac, account)));
        }
        drawn.sort(Comparator.comparing(Drawn::ticket).thenComparing(Drawn::account));
        List<String> order = drawn.stream().map(Drawn::account).toList();
        int winners = Math.min(codes, order.size());
        return new Draw(order.subList(0, winners), order.subList(winners, order.size()));
    }

    /**
     * {@code accountId}'s lottery ticket under {@code seed}: the draw orders registrants by it, lowest first, so a
     * registrant won when their ticket is at most the last winner's.
     */
    public static String ticketOf(byte[] seed, String accountId) {
        return ticket(Hmacs.keyed(new SecretKeySpec(seed, Hmacs.ALGORITHM)), accountId);
    }

    private static String ticket(Mac mac, String accountId) {
        return HexFormat.of().formatHex(mac.doFinal(accountId.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * The outcome of a draw.
     *
     * @param winners  the accounts that get a code now, best ticket first
     * @param waitList the others, in the order they get a code when winners' codes go unused by the deadline
     */
    public record Draw(List<String> winners, List<String> waitList) {

        public Draw {
            winners = List.copyOf(winners);
            waitList = List.copyOf(waitList);
        }

        /**
         * What {@code claimed} (a draw as recorded) has that this one, drawn again from the seed and the log, does
         * not: winners that did not win, in the claimed order. Empty when the record holds.
         */
        public List<String> unearnedIn(Draw claimed) {
            java.util.Set<String> earned = new java.util.HashSet<>(winners);
            return claimed.winners().stream().filter(account -> !earned.contains(account)).toList();
        }
    }

    private record Drawn(String account, String ticket) {
    }
}
