package io.stagedoor.workers;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkerSettingsTest {

    @Test
    void defaultsRunBothRolesWithTwentySlotsAndTenMinuteHolds() {
        WorkerSettings defaults = WorkerSettings.defaults();
        assertThat(defaults.roles()).isEqualTo(EnumSet.allOf(WorkerRole.class));
        assertThat(defaults.poolSize()).isEqualTo(20);
        assertThat(defaults.holdTtl()).isEqualTo(Duration.ofMinutes(10));
        assertThat(defaults.lagInterval()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void printedSettingsNameTheKafkaClientPropertiesButNeverTheirSecrets() {
        WorkerSettings settings = WorkerSettings.defaults().withKafkaClient(java.util.Map.of("sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"w\" password=\"hunter2-kafka\";",
                "ssl.truststore.password", "hunter2-store"));

        assertThat(settings.toString()).doesNotContain("hunter2-kafka", "hunter2-store")
                .contains("sasl.jaas.config", "ssl.truststore.password", "127.0.0.1:9092");
    }

    @Test
    void aRecordLockShorterThanThePaymentTimeoutIsAllowedBecauseLanesRenewIt() {
        WorkerSettings settings = WorkerSettings.defaults().withPayments(20, Duration.ofSeconds(30), Duration.ofSeconds(15));
        assertThat(settings.recordLock()).isLessThan(settings.paymentTimeout());
    }

    @Test
    void aNamespacePrefixesTopicsAndBothGroups() {
        WorkerSettings settings = WorkerSettings.defaults().withNamespace("t1");
        assertThat(settings.topics().holds()).isEqualTo("t1.holds");
        assertThat(settings.applicationId()).startsWith("t1.");
        assertThat(settings.shareGroupId()).startsWith("t1.");
    }

    @Test
    void eachWitherChangesWhatItNamesAndNothingElse() {
        WorkerSettings defaults = WorkerSettings.defaults();
        WorkerSettings changed = defaults.withKafka("10.0.0.1:9092").withHoldTtl(Duration.ofMinutes(3))
                .withCommitInterval(Duration.ofMillis(50)).withLagInterval(Duration.ofSeconds(9))
                .withGatewayUrl(URI.create("http://127.0.0.1:9999")).withStateDir(Path.of("/tmp/sd-test"))
                .withRoles(Set.of(WorkerRole.CHECKOUT))
                .withPayments(7, Duration.ofSeconds(2), Duration.ofSeconds(20)).withMaxDeliveries(2)
                .withCheckoutIdRetention(Duration.ofHours(48));
        assertThat(changed).isEqualTo(new WorkerSettings("10.0.0.1:9092", java.util.Map.of(), defaults.topics(), defaults.applicationId(),
                defaults.shareGroupId(), Duration.ofMinutes(3), defaults.expiryInterval(), 7, Duration.ofSeconds(2),
                Duration.ofSeconds(20), 2, defaults.drainTimeout(), Path.of("/tmp/sd-test"),
                defaults.streamThreads(), Duration.ofMillis(50), Set.of(WorkerRole.CHECKOUT),
                URI.create("http://127.0.0.1:9999"), Duration.ofSeconds(9), Duration.ofHours(48)));
    }

    @Test
    void rolesParseFromTheCommandLine() {
        assertThat(WorkerRole.parse("both")).isEqualTo(EnumSet.allOf(WorkerRole.class));
        assertThat(WorkerRole.parse("checkout")).isEqualTo(Set.of(WorkerRole.CHECKOUT));
        assertThatThrownBy(() -> WorkerRole.parse("payments")).hasMessage(WorkersMessages.unknownRole("payments"));
    }
}
