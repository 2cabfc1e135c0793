package io.stagedoor.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.stagedoor.ingress.IngressSettings;
import org.junit.jupiter.api.Test;

class LoopbackConnectionsTest {

    private static final String PRODUCTION_SECRET = "a-token-secret-nobody-has-published-anywhere";

    // The demo's 2,000 buyers and a benchmark's load all come from 127.0.0.1: a per-address cap there would refuse
    // the crowd's connections as one client's.
    @Test
    void onLoopbackThePerAddressConnectionCapIsTheTotal() {
        IngressSettings local = LoopbackConnections.lifted(IngressSettings.builder("k:9092").build());

        assertThat(local.http().connections().perAddress()).isEqualTo(local.http().connections().max());
    }

    @Test
    void beyondLoopbackThePerAddressConnectionCapStays() {
        IngressSettings exposed = LoopbackConnections.lifted(IngressSettings.builder("k:9092").bindAddress("0.0.0.0")
                .tokenSecret(PRODUCTION_SECRET).adminKey("an-operator-key-of-the-night").build());

        assertThat(exposed.http().connections().perAddress())
                .isEqualTo(IngressSettings.builder("k:9092").build().http().connections().perAddress())
                .isLessThan(exposed.http().connections().max());
    }
}
