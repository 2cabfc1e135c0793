package io.stagedoor.ingress.connections;

import io.stagedoor.admission.bound.ConcurrencyBound;
import io.stagedoor.admission.bound.KeyedConcurrencyBound;
import io.stagedoor.admission.bound.Permit;
import io.stagedoor.ingress.auth.AddressKeys;
import java.net.InetAddress;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The caps on one listener's open connections: at most {@code perAddress} from one source and at most {@code total}
 * in all. A source is the TCP peer's address, an IPv6 peer's /64 (one host is given a whole /64, so counting its
 * addresses one by one would cap nothing). Never waits: a connection over a cap is refused at once, and costs the
 * caps nothing. Behind a load balancer every connection comes from the balancer: a peer the {@code balancer} test
 * names (the trusted proxies) is held to the total alone, which is then the cap that matters.
 *
 * <p>Memory is bounded by the connections open: an address is forgotten with its last connection. Thread-safe.
 */
public final class ConnectionCaps {

    /** Why a connection was refused; the tag of the refusal metric. */
    public enum Refusal {
        /** Its source address already had {@code perAddress} connections open. */
        ADDRESS,
        /** The listener already had {@code total} connections open. */
        TOTAL;

        /** The metric tag. */
        public String tag() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One open connection's place under the caps (no address place for a balancer's); release it once, when the
     * connection closes.
     */
    public record Opened(Permit address, Permit total) {
        /** Gives the places back; a second call does nothing. */
        public void release() {
            if (address != null) {
                address.release();
            }
            total.release();
        }
    }

    private final ConcurrencyBound total;
    private final KeyedConcurrencyBound perAddress;
    private final Predicate<InetAddress> balancer;

    /** @param balancer whether a peer is a load balancer (a trusted proxy), held to the total alone */
    public ConnectionCaps(String listener, int total, int perAddress, Predicate<InetAddress> balancer) {
        this.total = new ConcurrencyBound(listener + "-connections", total);
        this.perAddress = new KeyedConcurrencyBound(listener + "-connections-per-address", perAddress);
        this.balancer = balancer;
    }

    /**
     * A place for a connection from {@code peer}, or why there is none. The address cap is tried first, so one
     * address knocking past its cap never takes a place of the total from anyone else, even for an instant.
     */
    public Result open(InetAddress peer) {
        if (balancer.test(peer)) {
            Optional<Permit> all = total.tryAcquire();
            return all.isEmpty() ? new Result(null, Refusal.TOTAL) : new Result(new Opened(null, all.get()), null);
        }
        Optional<Permit> address = perAddress.tryAcquire(source(peer));
        if (address.isEmpty()) {
            return new Result(null, Refusal.ADDRESS);
        }
        Optional<Permit> all = total.tryAcquire();
        if (all.isEmpty()) {
            address.get().release();
            return new Result(null, Refusal.TOTAL);
        }
        return new Result(new Opened(address.get(), all.get()), null);
    }

    /** What {@link #open} decided: a place, or the refusal. */
    public record Result(Opened opened, Refusal refusal) {
        public boolean admitted() {
            return opened != null;
        }
    }

    /** Connections open now. */
    public int open() {
        return total.inUse();
    }

    /** Sources with a connection open now. */
    int sources() {
        return perAddress.keys();
    }

    /** Connections open now from {@code peer}'s source. */
    int openFrom(InetAddress peer) {
        return perAddress.inUse(source(peer));
    }

    /**
     * The key of {@code peer}'s source: an IPv4 address (or an IPv4-mapped IPv6 one) whole, an IPv6 one's /64, as the
     * address limits key it ({@link AddressKeys#limitKey}).
     */
    static String source(InetAddress peer) {
        return AddressKeys.limitKey(peer.getHostAddress());
    }
}
