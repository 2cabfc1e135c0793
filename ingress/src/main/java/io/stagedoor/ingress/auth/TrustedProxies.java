package io.stagedoor.ingress.auth;

import io.stagedoor.ingress.http.IngressMessages;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * The client address of a request. {@code X-Forwarded-For} is believed only when the TCP peer is one of the
 * trusted proxies (the load balancer); then the address is the right-most hop that is not itself a trusted proxy,
 * since every hop to the left of that one was written by someone we do not trust. From anyone else the header is
 * ignored, so a spoofed header changes nothing.
 */
public final class TrustedProxies {

    private final List<Cidr> trusted;

    public TrustedProxies(List<String> cidrs) {
        this.trusted = cidrs.stream().map(Cidr::parse).toList();
    }

    /** The address limits should key on. */
    public String clientAddress(String peer, String forwardedFor) {
        if (forwardedFor == null || forwardedFor.isBlank() || !isTrusted(peer)) {
            return peer;
        }
        String[] hops = forwardedFor.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].trim();
            if (hop.isEmpty()) {
                continue;
            }
            if (!isTrusted(hop)) {
                return valid(hop) ? hop : peer;
            }
        }
        return peer;
    }

    private boolean isTrusted(String address) {
        return trusted.stream().anyMatch(cidr -> cidr.contains(address));
    }

    /** Whether {@code peer} is one of the trusted proxies (a load balancer). */
    public boolean trusts(InetAddress peer) {
        byte[] address = peer.getAddress();
        return trusted.stream().anyMatch(cidr -> cidr.contains(address));
    }

    private static boolean valid(String address) {
        return Cidr.parseAddress(address) != null;
    }

    /** An address range such as {@code 10.0.0.0/8} or {@code ::1/128}. */
    record Cidr(byte[] network, int prefix) {

        static Cidr parse(String cidr) {
            String[] parts = cidr.trim().split("/");
            byte[] address = parseAddress(parts[0]);
            if (address == null) {
                throw new IllegalArgumentException(IngressMessages.notAnAddressRange(cidr));
            }
            int prefix = parts.length == 2 ? Integer.parseInt(parts[1]) : address.length * 8;
            if (prefix < 0 || prefix > address.length * 8) {
                throw new IllegalArgumentException(IngressMessages.badPrefixLength(cidr));
            }
            return new Cidr(address, prefix);
        }

        boolean contains(String candidate) {
            return contains(parseAddress(candidate));
        }

        boolean contains(byte[] address) {
            if (address == null || address.length != network.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xFF << (8 - rest)) & 0xFF;
            return (address[full] & mask) == (network[full] & mask);
        }

        /** The bytes of a literal IPv4 or IPv6 address, or null; never a DNS lookup. */
        static byte[] parseAddress(String literal) {
            String value = literal.trim();
            if (value.startsWith("[") && value.endsWith("]")) {
                value = value.substring(1, value.length() - 1);
            }
            if (!value.matches("[0-9a-fA-F:.]+") || !(value.contains(".") || value.contains(":"))) {
                return null;
            }
            try {
                return InetAddress.getByName(value).getAddress();
            } catch (UnknownHostException | SecurityException e) {
                return null;
            }
        }
    }
}
