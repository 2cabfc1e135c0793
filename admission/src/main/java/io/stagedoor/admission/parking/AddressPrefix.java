package io.stagedoor.admission.parking;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The network a caller's address stands for when counting accounts: an IPv4 address itself, an IPv6 address's /64
 * (one home or one cloud instance is usually given a whole /64, so counting single IPv6 addresses would let one
 * machine look like millions of callers). IPv4-mapped IPv6 addresses count as their IPv4 address. Only literals are
 * read: a host name is never looked up.
 */
public final class AddressPrefix {

    private static final Pattern LITERAL = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

    private AddressPrefix() {
    }

    /** {@code 4:<address>} or {@code 6:<first 64 bits in hex>}; empty for anything that is not an address literal. */
    public static Optional<String> of(String address) {
        if (address == null) {
            return Optional.empty();
        }
        String literal = address.strip();
        int zone = literal.indexOf('%');
        if (zone >= 0) {
            literal = literal.substring(0, zone);
        }
        if (literal.startsWith("[") && literal.endsWith("]")) {
            literal = literal.substring(1, literal.length() - 1);
        }
        if (!LITERAL.matcher(literal).matches() || (literal.indexOf(':') < 0 && !isDottedQuad(literal))) {
            return Optional.empty();
        }
        try {
            InetAddress parsed = InetAddress.getByName(literal); // a literal: parsed, never resolved
            if (parsed instanceof Inet4Address v4) {
                return Optional.of("4:" + v4.getHostAddress());
            }
            if (parsed instanceof Inet6Address v6) {
                return Optional.of("6:" + HexFormat.of().formatHex(v6.getAddress(), 0, 8));
            }
            return Optional.empty();
        } catch (UnknownHostException notALiteral) {
            return Optional.empty();
        }
    }

    /**
     * The network a key of {@link #of} stands for, as an operator writes it: the IPv4 address, or the IPv6 /64 in its
     * short form ({@code 2001:db8:7:7::/64}).
     */
    public static String readable(String prefix) {
        if (prefix.startsWith("4:")) {
            return prefix.substring(2);
        }
        String hex = prefix.substring(2);
        StringBuilder network = new StringBuilder();
        for (int group = 0; group < 4; group++) {
            network.append(Integer.toHexString(Integer.parseInt(hex.substring(group * 4, group * 4 + 4), 16)))
                    .append(':');
        }
        return network.append(":/64").toString();
    }

    private static boolean isDottedQuad(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit)
                    || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }
}
