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
        StringBuilder key = new StringBuilder();
        for (int group = 0; group < IPV6_PREFIX / 16; group++) {
            key.append(Integer.toHexString(((bytes[2 * group] & 0xFF) << 8) | (bytes[2 * group + 1] & 0xFF))).append(':');
        }
        return key.append(":/").append(IPV6_PREFIX).toString();
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
