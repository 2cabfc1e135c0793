package io.stagedoor.config;

import static io.stagedoor.config.StagedoorConfig.Source.FLAG;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.limit.Limit;
import io.stagedoor.admission.limit.LimitKey;
import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.workers.WorkersMessages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StagedoorConfigTest {

    @Test
    void theDocumentedFileIsExactlyTheDefaultsOfTheCode() throws Exception {
        Path documented = Path.of("..", "stagedoor.properties");
        assertThat(Files.readString(documented)).isEqualTo(StagedoorConfig.defaults().asProperties(false));
    }

    @Test
    void theOperatorsSettingsTableIsExactlyTheDefaultsOfTheCode() throws Exception {
        String operating = Files.readString(Path.of("..", "docs", "operating.md"));
        int begin = operating.indexOf(StagedoorConfig.TABLE_BEGIN);
        int end = operating.indexOf(StagedoorConfig.TABLE_END);
        assertThat(begin).as("docs/operating.md has the generated settings table").isNotNegative();
        assertThat(operating.substring(begin + StagedoorConfig.TABLE_BEGIN.length() + 1, end))
                .as("regenerate it with ./stagedoor config --markdown")
                .isEqualTo(StagedoorConfig.defaults().asMarkdownTable());
    }

    @Test
    void aFlagBeatsTheEnvironmentWhichBeatsTheFileWhichBeatsTheDefault() throws Exception {
        Path file = Files.createTempFile("stagedoor", ".properties");
        Files.writeString(file, "ingress.max-in-flight=300\ningress.max-checkouts=30\nworkers.pool-size=5\n");

        StagedoorConfig config = StagedoorConfig.load(file,
                Map.of("STAGEDOOR_INGRESS_MAX_CHECKOUTS", "40", "STAGEDOOR_WORKERS_POOL_SIZE", "6"),
                List.of("workers.pool-size=7", "limits.buyer-seats=9,1,PT12S", "workers.max-deliveries=3"));

        assertThat(config.ingress("k:9092").build().bounds().maxInFlight()).isEqualTo(300);
        assertThat(config.ingress("k:9092").build().bounds().maxCheckouts()).isEqualTo(40);
        assertThat(config.workers().poolSize()).isEqualTo(7);
        assertThat(config.workers().maxDeliveries()).isEqualTo(3);
        assertThat(config.limits().policy("buyer-seats").capacity()).isEqualTo(9);
        assertThat(config.limits().policy("buyer-seats").refillPeriod()).isEqualTo(Duration.ofSeconds(12));
        assertThat(config.ingress("k:9092").build().limits().policy("buyer-seats").capacity()).isEqualTo(9);
        assertThat(config.limits().limit("buyer-seats").cost().perSeat()).as("the rest of the shipped declaration")
                .isTrue();
        assertThat(config.values()).filteredOn(v -> v.key().equals("workers.pool-size"))
                .singleElement().extracting(StagedoorConfig.Value::source).isEqualTo(StagedoorConfig.Source.FLAG);
    }

    @Test
    void anUnknownKeyOrABadValueIsRefusedByName() {
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of(), List.of("ingress.max-inflight=3")))
                .hasMessage(ConfigMessages.unknownSetting("ingress.max-inflight"));
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of(), List.of("ingress.max-checkouts=lots")))
                .hasMessageStartingWith(ConfigMessages.badValue("ingress.max-checkouts", FLAG, "lots", ""));
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of(), List.of("limits.buyer-seats=10,1")))
                .hasMessage(ConfigMessages.badValue("limits.buyer-seats", FLAG, "10,1", AdmissionMessages
                        .badLimitDeclaration("buyer-seats", "10,1", AdmissionMessages.LIMIT_BUCKET_SHAPE)));
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of(), List.of("workers.max-deliveries=1")))
                .hasMessage(ConfigMessages.badValue("workers.max-deliveries", FLAG, "1",
                        WorkersMessages.maxDeliveriesBelowTwo(1)));
    }

    @Test
    void aLineOfTheFileDeclaresANewLimitThatTheIngressAndTheListingTakeUp() throws Exception {
        Path file = Files.createTempFile("stagedoor", ".properties");
        Files.writeString(file, "limits.event-holds = 50,50,PT1S per event on holds\n");

        StagedoorConfig config = StagedoorConfig.load(file, Map.of(), List.of());

        Limit declared = config.ingress("k:9092").build().limits().limit("event-holds");
        assertThat(declared.key()).isEqualTo(LimitKey.EVENT);
        assertThat(declared.routes()).containsExactly(LimitedRoute.HOLDS);
        assertThat(declared.policy().capacity()).isEqualTo(50);
        assertThat(config.values()).filteredOn(v -> v.key().equals("limits.event-holds")).singleElement()
                .extracting(StagedoorConfig.Value::description)
                .isEqualTo("holds per event, a token each: 50, then 50 per PT1S; fail-open while Redis is down");
        assertThat(config.asProperties(true)).contains("limits.event-holds=50,50,PT1S per event on holds\n");
    }

    @Test
    void anEnvironmentVariableChangesAShippedLimitAndKeepsTheRestOfIt() {
        StagedoorConfig config = StagedoorConfig.load(null, Map.of("STAGEDOOR_LIMITS_BUYER_CHECKOUTS", "9,1,PT10S"),
                List.of());

        assertThat(config.limits().policy("buyer-checkouts").capacity()).isEqualTo(9);
        assertThat(config.limits().limit("buyer-checkouts").key()).isEqualTo(LimitKey.BUYER);
        assertThat(config.values()).filteredOn(v -> v.key().equals("limits.buyer-checkouts")).singleElement()
                .extracting(StagedoorConfig.Value::source).isEqualTo(StagedoorConfig.Source.ENVIRONMENT);
    }

    @Test
    void aLimitThatCannotApplyIsRefusedAtStart() {
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of(), List.of("limits.event-holds=50,50,PT1S")))
                .hasMessageContaining(AdmissionMessages.badLimitDeclaration("event-holds", "50,50,PT1S",
                        AdmissionMessages.NEW_LIMIT_NEEDS_KEY_AND_ROUTES));
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of(),
                List.of("limits.event-checkouts=50,50,PT1S per event on checkout")))
                .hasMessageContaining(AdmissionMessages.limitKeyNotOnRoute("event-checkouts", "event", "checkout"));
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of(),
                List.of("limits.scan-seats=50,50,PT1S per api-key on scans cost seats")))
                .hasMessageContaining(AdmissionMessages.seatCostOffHolds("scan-seats"));
    }

    @Test
    void aHoldCapAboveTheSeatLimitIsRefusedAtStart() {
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of(), List.of("limits.buyer-seats=6,1,PT6S")))
                .hasMessage(ConfigMessages.seatsPerHoldAboveLimit(8, "buyer-seats", 6));
        assertThat(StagedoorConfig.load(null, Map.of(), List.of("limits.buyer-seats=6,1,PT6S",
                "ingress.max-seats-per-hold=6")).limits().policy("buyer-seats").capacity()).isEqualTo(6);
    }

    @Test
    void secretsComeFromTheirFilesWithoutTheTrailingLineBreak() throws Exception {
        Path secret = Files.createTempFile("token-secret", "");
        Files.writeString(secret, "a-secret-from-a-file-of-at-least-32-bytes\n");
        Path key = Files.createTempFile("admin-key", "");
        Files.writeString(key, "an-admin-key-from-a-file\n");

        StagedoorConfig config = StagedoorConfig.load(null, Map.of("STAGEDOOR_INGRESS_TOKEN_SECRET_FILE", secret.toString()),
                List.of("ingress.admin-key-file=" + key));

        assertThat(config.ingress("k:9092").build().auth().tokenSecret()).isEqualTo("a-secret-from-a-file-of-at-least-32-bytes");
        assertThat(config.ingress("k:9092").build().auth().adminKey()).isEqualTo("an-admin-key-from-a-file");
    }

    @Test
    void aSecretGivenTwiceOrAMissingSecretFileIsRefusedByName() {
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of("STAGEDOOR_INGRESS_TOKEN_SECRET", "x".repeat(40)),
                List.of("ingress.token-secret-file=/etc/hostname")))
                .hasMessage(ConfigMessages.secretGivenTwice(Catalog.TOKEN_SECRET, Catalog.TOKEN_SECRET_FILE));
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of(), List.of("ingress.admin-key-file=/no/such/file")))
                .hasMessage(ConfigMessages.badValue(Catalog.ADMIN_KEY_FILE, FLAG, "/no/such/file",
                        ConfigMessages.cannotReadSecretFile("/no/such/file")));
    }

    @Test
    void theEffectiveConfigurationShowsAGivenSecretAsItsLengthAlone() {
        String secret = "s3cr3t-".repeat(6);
        StagedoorConfig config = StagedoorConfig.load(null, Map.of("STAGEDOOR_INGRESS_TOKEN_SECRET", secret),
                List.of("ingress.admin-key=operator-key-of-the-night"));

        String printed = config.asProperties(true);

        assertThat(printed).doesNotContain(secret, "operator-key-of-the-night")
                .contains("ingress.token-secret=<secret, 42 bytes>", "ingress.admin-key=<secret, 25 bytes>");
    }

    @Test
    void theEffectiveConfigurationMasksTheRedisClusterPassword() {
        StagedoorConfig config = StagedoorConfig.load(null, Map.of(), List.of(
                "ingress.redis-cluster=rediss://stagedoor:hunter2-cluster-pw@10.0.0.1:7000,10.0.0.2:7000"));

        String printed = config.asProperties(true);

        assertThat(printed).doesNotContain("hunter2-cluster-pw")
                .contains("ingress.redis-cluster=rediss://stagedoor:***@10.0.0.1:7000,10.0.0.2:7000");
    }

    @Test
    void aBadRedisClusterValueIsRefusedWithoutItsPassword() {
        assertThatThrownBy(() -> StagedoorConfig.load(null, Map.of(),
                List.of("ingress.redis-cluster=redis-sentinel://hunter2-sentinel-pw@10.0.0.1:26379#primary")))
                .hasMessageContaining("ingress.redis-cluster")
                .hasMessageNotContaining("hunter2-sentinel-pw");
    }
}
