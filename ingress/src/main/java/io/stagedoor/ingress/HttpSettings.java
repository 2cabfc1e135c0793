package io.stagedoor.ingress;

import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.rings.RateLimitHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Where an instance listens and what it accepts on the wire. Defaults are in {@link IngressSettings.Builder}.
 *
 * @param bindAddress      the address to listen on (default 127.0.0.1)
 * @param port             the HTTP port (default 8080; 0 picks a free one)
 * @param adminBindAddress the address of the admin listener: admin routes, {@code /metrics}, the operator page
 *                         (default 127.0.0.1)
 * @param adminPort        the admin listener's port (default 8081; 0 picks a free one; never the public port)
 * @param maxBodyBytes     the largest request body (default 16 KiB)
 * @param bodyDeadline     how long a request body may take to arrive, in all (default 5 s)
 * @param trustedProxies   CIDRs of the load balancers whose X-Forwarded-For is believed (default none)
 * @param keepAliveRequests requests one connection may carry before the server closes it (default -1: no limit,
 *                         so a client or balancer keeps its connection; its age still ends it)
 * @param connections      how many connections each listener holds open, and for how long
 * @param rateLimitFields  the draft of the RateLimit fields answers carry, {@code draft-10} (the default: {@code t}
 *                         is the seconds until more quota) or {@code draft-09} (until the quota is full again)
 */
public record HttpSettings(String bindAddress, int port, String adminBindAddress, int adminPort, int maxBodyBytes,
                           Duration bodyDeadline, List<String> trustedProxies, int keepAliveRequests,
                           Connections connections, String rateLimitFields) {

    /**
     * The bounds on each listener's connections. The source of a connection is its TCP peer (an IPv6 peer's /64):
     * behind a load balancer that is the balancer, so a trusted proxy is held to {@code max} alone, the cap that
     * then protects the instance.
     *
     * @param max         connections open at once per listener; past it a new one is closed at accept (default
     *                    30,000: the 20,000 long polls {@code maxWaitingPolls} allows, the door's 400 and room for
     *                    idle keep-alives)
     * @param perAddress  connections open at once from one source address but a trusted proxy; past it a new one from
     *                    there is closed at accept (default 1,000: a crowd behind one office or carrier NAT, never a
     *                    whole listener)
     * @param idleTimeout how long a connection may go without a whole request, between requests or before its first
     *                    one, before the server closes it; header bytes dribbled in do not restart it (default 30 s;
     *                    whole seconds)
     * @param maxAge      the age past which a connection is ended: a request that starts later is answered with
     *                    {@code Connection: close}, so no trickle of requests under the idle timeout keeps a
     *                    connection for good (default 10 min)
     */
    public record Connections(int max, int perAddress, Duration idleTimeout, Duration maxAge) {

        public Connections {
            BoundSettings.atLeastOne(max, "maxConnections");
            BoundSettings.atLeastOne(perAddress, "maxConnectionsPerAddress");
            Objects.requireNonNull(idleTimeout, "keepAliveIdleTimeout");
            Objects.requireNonNull(maxAge, "maxConnectionAge");
            if (idleTimeout.toMillis() < 1_000 || idleTimeout.toMillis() % 1_000 != 0) {
                throw new IllegalArgumentException(IngressMessages.keepAliveIdleTimeoutNotWholeSeconds(idleTimeout));
            }
            if (maxAge.toMillis() < 1_000) {
                throw new IllegalArgumentException(IngressMessages.maxConnectionAgeUnderASecond(maxAge));
            }
        }
    }

    public HttpSettings {
        Objects.requireNonNull(bindAddress, "bindAddress");
        trustedProxies = List.copyOf(trustedProxies);
        Objects.requireNonNull(connections, "connections");
        RateLimitHeaders.Draft.parse(Objects.requireNonNull(rateLimitFields, "rateLimitFields"));
        Objects.requireNonNull(adminBindAddress, "adminBindAddress");
        validPort(port, "port");
        validPort(adminPort, "adminPort");
        if (port != 0 && port == adminPort) {
            throw new IllegalArgumentException(IngressMessages.adminPortIsPort(port));
        }
        if (maxBodyBytes < 256) {
            throw new IllegalArgumentException(IngressMessages.maxBodyBytesUnder256(maxBodyBytes));
        }
        if (keepAliveRequests == 0 || keepAliveRequests < -1) {
            throw new IllegalArgumentException(IngressMessages.badKeepAliveRequests(keepAliveRequests));
        }
        if (bodyDeadline.toMillis() < 100) {
            throw new IllegalArgumentException(IngressMessages.bodyDeadlineUnder100Millis(bodyDeadline));
        }
    }

    private static void validPort(int value, String name) {
        if (value < 0 || value > 65535) {
            throw new IllegalArgumentException(IngressMessages.portOutOfRange(name, value));
        }
    }
}
