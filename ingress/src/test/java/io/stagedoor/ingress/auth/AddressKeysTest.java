package io.stagedoor.ingress.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AddressKeysTest {

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', value = {
            "198.51.100.7                     | 198.51.100.7",
            "198.51.100.8                     | 198.51.100.8",          // IPv4: every address its own bucket
            "2001:db8:1:2::5                  | 2001:db8:1:2::/64",
            "2001:db8:1:2:ffff:ffff:ffff:ffff | 2001:db8:1:2::/64",     // the same /64: the same bucket
            "2001:0DB8:0001:0002:0:0:0:9      | 2001:db8:1:2::/64",     // however the literal is spelled
            "[2001:db8:1:2::5]                | 2001:db8:1:2::/64",
            "fe80::1%eth0                     | fe80:0:0:0::/64",
            "2001:db8:1:3::5                  | 2001:db8:1:3::/64",     // the next /64: another bucket
            "::ffff:198.51.100.7              | 198.51.100.7",          // IPv4-mapped: the IPv4 client it is
            "::ffff:c633:6407                 | 198.51.100.7",
            "::1                              | 0:0:0:0::/64",
            "not-an-address                   | not-an-address"})
    void ipv4KeysOnTheAddressAndIpv6OnItsSlash64(String address, String key) {
        assertThat(AddressKeys.limitKey(address)).isEqualTo(key);
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', value = {
            "198.51.100.7                     | 198.51.100.0/24",
            "198.51.100.250                   | 198.51.100.0/24",       // one /24: one network
            "198.51.101.7                     | 198.51.101.0/24",       // the next /24: another
            "2001:db8:1:2::5                  | 2001:db8:1::/48",
            "2001:db8:1:ff00::9               | 2001:db8:1::/48",       // another /64 of the same /48: the same
            "2001:db8:2::1                    | 2001:db8:2::/48",
            "::ffff:198.51.100.7              | 198.51.100.0/24",       // IPv4-mapped: the IPv4 client it is
            "not-an-address                   | not-an-address"})
    void aNetworkIsAnIpv4Slash24OrAnIpv6Slash48(String address, String key) {
        assertThat(AddressKeys.networkKey(address)).isEqualTo(key);
    }
}
