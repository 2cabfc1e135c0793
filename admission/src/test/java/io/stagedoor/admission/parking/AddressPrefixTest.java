package io.stagedoor.admission.parking;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AddressPrefixTest {

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource({
            "203.0.113.7, 4:203.0.113.7",
            "' 203.0.113.7 ', 4:203.0.113.7",
            "2001:db8:1:2::1, 6:20010db800010002",
            "2001:db8:1:2:ffff:ffff:ffff:ffff, 6:20010db800010002",
            "[2001:db8:1:2::99], 6:20010db800010002",
            "fe80::1%eth0, 6:fe80000000000000",
            "::ffff:203.0.113.7, 4:203.0.113.7",
    })
    void anAddressCountsAsItsNetwork(String address, String prefix) {
        assertThat(AddressPrefix.of(address)).contains(prefix);
    }

    @ParameterizedTest
    @CsvSource({
            "203.0.113.7, 203.0.113.7",
            "2001:db8:1:2::1, 2001:db8:1:2::/64",
            "fe80::1%eth0, fe80:0:0:0::/64",
            "2001:0:ab:ffff:1::, 2001:0:ab:ffff::/64"})
    void aNetworkReadsAsAnOperatorWritesIt(String address, String network) {
        assertThat(AddressPrefix.readable(AddressPrefix.of(address).orElseThrow())).isEqualTo(network);
    }

    /** Every address of one /64 is one caller; the next /64 is another. */
    @ParameterizedTest
    @ValueSource(strings = {"2001:db8:1:2::", "2001:db8:1:2:1::", "2001:db8:1:2:dead:beef:0:1"})
    void oneSlashSixtyFourIsOneNetwork(String address) {
        assertThat(AddressPrefix.of(address)).isEqualTo(AddressPrefix.of("2001:db8:1:2::1"));
        assertThat(AddressPrefix.of(address)).isNotEqualTo(AddressPrefix.of("2001:db8:1:3::1"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "localhost", "example.com", "203.0.113", "203.0.113.256", "1.2.3.4.5", "::g",
            "2001:db8::1::2", "203.0.113.7 evil"})
    void anythingButAnAddressLiteralIsNone(String address) {
        assertThat(AddressPrefix.of(address)).isEmpty();
    }
}
