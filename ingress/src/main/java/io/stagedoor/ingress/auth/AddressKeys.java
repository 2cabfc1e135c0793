package io.stagedoor.ingress.auth;

import java.util.Arrays;

/**
 * The key an address limit counts a client address under: an IPv4 client on its full address, an IPv6 client on
 * its /64 (the smallest network one subscriber is given, RFC 6177, so a client cannot get a fresh bucket per
 * address of its own prefix), and an IPv4-mapped IPv6 address ({@code ::ffff:a.b.c.d}) as the IPv4 address it is.
 * Pure; never a DNS lookup.
 */
public final class AddressKeys {

    /** The prefix length an IPv6 client is keyed on. */
    public static final int IPV6_PREFIX = 64;
    /** The network an IPv4 client's login failures count against an account on: its /24. */
    public static final int IPV4_NETWORK = 24;
    /**
     * The network an IPv6 client's login failures count against an account on: its /48, one site's allocation (RFC
     * 6177), as many neighbours as an IPv4 /24 holds; a /64 would give one home's /56 256 fresh buckets.
     */
    public static final int IPV6_NETWORK = 48;

    private AddressKeys() {
    }

    /** The limit key of {@code address}; text that is no IP literal keys on itself. */
    public static String limitKey(String address) {
        byte[] bytes = literal(address);
        if (bytes == null) {
            return address;
        }
        if (bytes.length == 4) {
            return (bytes[0] & 0xFF) + "." + (bytes[1] & 0xFF) + "." + (bytes[2] & 0xFF) + "." + (bytes[3] & 0xFF);
        }
        return ipv6Prefix(bytes, IPV6_PREFIX);
    }

    /**
     * The network key of {@code address}: an IPv4 client's /24 ({@code 198.51.100.0/24}), an IPv6 client's /48
     * ({@code 2001:db8:1::/48}), an IPv4-mapped address as the IPv4 one; text that is no IP literal keys on itself.
     * The login limit per account counts failures on it, so a stranger elsewhere cannot spend the owner's.
     */
    public static String networkKey(String address) {
        byte[] bytes = literal(address);
        if (bytes == null) {
            return address;
        }
        if (bytes.length == 4) {
            return (bytes[0] & 0xFF) + "." + (bytes[1] & 0xFF) + "." + (bytes[2] & 0xFF) + ".0/" + IPV4_NETWORK;
        }
        return ipv6Prefix(bytes, IPV6_NETWORK);
    }

    /** The first {@code bits} (a multiple of 16) of an IPv6 address, as {@code 2001:db8:1::/48}. */
    private static String ipv6Prefix(byte[] bytes, int bits) {
        StringBuilder key = new StringBuilder();
        for (int group = 0; group < bits / 16; group++) {
            key.append(Integer.toHexString(((bytes[2 * group] & 0xFF) << 8) | (bytes[2 * group + 1] & 0xFF))).append(':');
        }
        return key.append(":/").append(bits).toString();
    }

    /** The 4 or 16 bytes of an IP literal (an IPv6 zone id dropped, an IPv4-mapped address as its 4), or null. */
    private static byte[] literal(String address) {
        int zone = address.indexOf('%');
        byte[] bytes = TrustedProxies.Cidr.parseAddress(zone > 0 ? address.substring(0, zone) : address);
        if (bytes != null && bytes.length == 16 && ipv4Mapped(bytes)) {
            return Arrays.copyOfRange(bytes, 12, 16);
        }
        return bytes;
    }

    private static boolean ipv4Mapped(byte[] bytes) {
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return bytes[10] == (byte) 0xFF && bytes[11] == (byte) 0xFF;
    }
}
