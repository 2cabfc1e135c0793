package io.stagedoor.ingress.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TrustedProxiesTest {

    private final TrustedProxies proxies = new TrustedProxies(List.of("10.0.0.0/8", "192.168.1.7/32", "fd00::/8"));

    @ParameterizedTest(name = "peer {0}, X-Forwarded-For ''{1}'' → {2}")
    @CsvSource(delimiter = '|', value = {
            "203.0.113.9 | 198.51.100.1                  | 203.0.113.9",   // untrusted peer: header ignored
            "10.1.2.3    | 198.51.100.1                  | 198.51.100.1",  // the balancer: its hop is believed
            "10.1.2.3    | 6.6.6.6, 198.51.100.1         | 198.51.100.1",  // spoofed left part never wins
            "10.1.2.3    | 198.51.100.1, 192.168.1.7     | 198.51.100.1",  // trusted hops are skipped from the right
            "10.1.2.3    | not-an-ip                     | 10.1.2.3",      // garbage falls back to the peer
            "10.1.2.3    | ''                            | 10.1.2.3",
            "fd00::1     | 2001:db8::5                   | 2001:db8::5",
            "2001:db8::9 | 198.51.100.1                  | 2001:db8::9"})
    void theClientIsTheRightMostHopThatIsNotATrustedProxy(String peer, String forwardedFor, String expected) {
        assertThat(proxies.clientAddress(peer, forwardedFor)).isEqualTo(expected);
    }
}
