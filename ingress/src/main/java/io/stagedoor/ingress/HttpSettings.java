package io.stagedoor.ingress;

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
 *                         so a client or balancer keeps its connection; an idle one still closes after 30 s)
 */
public record HttpSettings(String bindAddress, int port, String adminBindAddress, int adminPort, int maxBodyBytes,
                           Duration bodyDeadline, List<String> trustedProxies, int keepAliveRequests) {

    public HttpSettings {
        Objects.requireNonNull(bindAddress, "bindAddress");
        trustedProxies = List.copyOf(trustedProxies);
        Objects.requireNonNull(adminBindAddress, "adminBindAddress");
        validPort(port, "port");
        validPort(adminPort, "adminPort");
        if (port != 0 && port == adminPort) {
            throw new IllegalArgumentException("adminPort must differ from port, both were " + port);
        }
        if (maxBodyBytes < 256) {
            throw new IllegalArgumentException("maxBodyBytes must be at least 256, was " + maxBodyBytes);
        }
        if (keepAliveRequests == 0 || keepAliveRequests < -1) {
            throw new IllegalArgumentException("keepAliveRequests must be -1 (no limit) or at least 1, was "
                    + keepAliveRequests);
        }
        if (bodyDeadline.toMillis() < 100) {
            throw new IllegalArgumentException("bodyDeadline must be at least 100 ms, was " + bodyDeadline);
        }
    }

    private static void validPort(int value, String name) {
        if (value < 0 || value > 65535) {
            throw new IllegalArgumentException(name + " must be 0..65535, was " + value);
        }
    }
}
