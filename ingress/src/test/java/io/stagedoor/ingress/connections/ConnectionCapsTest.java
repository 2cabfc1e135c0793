package io.stagedoor.ingress.connections;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class ConnectionCapsTest {

    private static InetAddress address(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    @Test
    void oneAddressPastItsCapIsRefusedWhileAnotherIsLetIn() throws Exception {
        ConnectionCaps caps = new ConnectionCaps("public", 10, 3, peer -> false);
        for (int i = 0; i < 3; i++) {
            assertThat(caps.open(address("203.0.113.7")).admitted()).isTrue();
        }

        ConnectionCaps.Result fourth = caps.open(address("203.0.113.7"));

        assertThat(fourth.admitted()).isFalse();
        assertThat(fourth.refusal()).isEqualTo(ConnectionCaps.Refusal.ADDRESS);
        assertThat(caps.open(address("203.0.113.8")).admitted()).isTrue();
        assertThat(caps.open()).isEqualTo(4);
    }

    @Test
    void aRefusalByTheTotalTakesNothingFromTheAddress() throws Exception {
        ConnectionCaps caps = new ConnectionCaps("public", 2, 2, peer -> false);
        caps.open(address("198.51.100.1"));
        caps.open(address("198.51.100.2"));

        ConnectionCaps.Result refused = caps.open(address("198.51.100.3"));

        assertThat(refused.refusal()).isEqualTo(ConnectionCaps.Refusal.TOTAL);
        assertThat(caps.openFrom(address("198.51.100.3"))).isZero();
        assertThat(caps.sources()).isEqualTo(2);
    }

    @Test
    void aClosedConnectionGivesItsPlacesBackOnceAndTheAddressIsForgotten() throws Exception {
        ConnectionCaps caps = new ConnectionCaps("public", 1, 1, peer -> false);
        ConnectionCaps.Opened opened = caps.open(address("198.51.100.9")).opened();

        opened.release();
        opened.release();

        assertThat(caps.open()).isZero();
        assertThat(caps.sources()).isZero();
        assertThat(caps.open(address("198.51.100.9")).admitted()).isTrue();
        assertThat(caps.open(address("198.51.100.10")).admitted()).isFalse();
    }

    // Behind a balancer every connection is the balancer's: its address cap would refuse the crowd behind it.
    @Test
    void aTrustedBalancerIsHeldToTheTotalAlone() throws Exception {
        InetAddress balancer = address("10.1.0.5");
        ConnectionCaps caps = new ConnectionCaps("public", 6, 2, balancer::equals);
        for (int i = 0; i < 5; i++) {
            assertThat(caps.open(balancer).admitted()).as("balancer connection %d", i).isTrue();
        }
        assertThat(caps.open(address("10.1.0.6")).admitted()).isTrue();

        assertThat(caps.open(balancer).refusal()).isEqualTo(ConnectionCaps.Refusal.TOTAL);
        assertThat(caps.sources()).isEqualTo(1);
    }

    // An IPv6 host is given a /64: counting its addresses one by one would let it open a connection from each.
    @Test
    void theAddressesOfOneIpv6Slash64AreOneSource() throws Exception {
        ConnectionCaps caps = new ConnectionCaps("public", 100, 2, peer -> false);
        caps.open(address("2001:db8:1:2::1"));
        caps.open(address("2001:db8:1:2:ffff::9"));

        assertThat(caps.open(address("2001:db8:1:2:abcd::3")).refusal()).isEqualTo(ConnectionCaps.Refusal.ADDRESS);
        assertThat(caps.open(address("2001:db8:1:3::1")).admitted()).isTrue();
    }

    // Many accepts racing from one address and from many: never more places handed out than either cap.
    @RepeatedTest(10)
    void racingOpensNeverExceedEitherCap() throws Exception {
        ConnectionCaps caps = new ConnectionCaps("public", 40, 5, peer -> false);
        AtomicInteger admitted = new AtomicInteger();
        ConcurrentLinkedQueue<ConnectionCaps.Opened> held = new ConcurrentLinkedQueue<>();
        CountDownLatch go = new CountDownLatch(1);
        List<InetAddress> sources = new ArrayList<>();
        for (int i = 1; i <= 16; i++) {
            sources.add(address("10.0.0." + i));
        }
        try (ExecutorService threads = Executors.newFixedThreadPool(16)) {
            for (int t = 0; t < 16; t++) {
                InetAddress source = t < 8 ? sources.getFirst() : sources.get(t);
                threads.submit(() -> {
                    go.await();
                    for (int i = 0; i < 50; i++) {
                        ConnectionCaps.Result result = caps.open(source);
                        if (result.admitted()) {
                            admitted.incrementAndGet();
                            held.add(result.opened());
                        }
                    }
                    return null;
                });
            }
            go.countDown();
        }

        // the demand (8 sources of 5, and 8 threads on one more) is past the total, which ends full
        assertThat(admitted.get()).isEqualTo(caps.open()).isEqualTo(40);
        for (InetAddress source : sources) {
            assertThat(caps.openFrom(source)).isLessThanOrEqualTo(5);
        }
        held.forEach(ConnectionCaps.Opened::release);
        assertThat(caps.open()).isZero();
        assertThat(caps.sources()).isZero();
    }
}
