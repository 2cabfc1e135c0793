package io.stagedoor.admission.waitingroom;

import io.stagedoor.testsupport.FakeClock;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class PassSignerTest {

    private static final byte[] SECRET = "a waiting-room secret of 32 bytes or more".getBytes(StandardCharsets.UTF_8);
    private final FakeClock clock = new FakeClock(Instant.parse("2026-12-01T19:00:00Z"));
    private final PassSigner signer = new PassSigner(SECRET, clock);
    private final WaitingRoomPass pass = signer.issue("concert", "b1", "t1", clock.instant().plus(Duration.ofMinutes(15)));

    @Test
    void aPassWorksForItsBuyerAndEventUntilItExpires() {
        assertThat(signer.check(pass.token(), "concert", "b1")).isEqualTo(PassVerdict.VALID);
        clock.advance(Duration.ofMinutes(15));
        assertThat(signer.check(pass.token(), "concert", "b1")).isEqualTo(PassVerdict.EXPIRED);
    }

    @Test
    void aPassGivenInALanesRoomLetsItsBuyerIntoTheEventAndNoOther() {
        WaitingRoomPass lane = signer.issue("concert~fans", "b1", "t-1", clock.instant().plusSeconds(60));
        assertThat(signer.check(lane.token(), "concert", "b1")).isEqualTo(PassVerdict.VALID);
        assertThat(signer.roomOf(lane.token())).isEqualTo("concert~fans");
        assertThat(signer.check(lane.token(), "concert~", "b1")).isEqualTo(PassVerdict.OTHER_EVENT);
        WaitingRoomPass longer = signer.issue("concerto", "b1", "t-2", clock.instant().plusSeconds(60));
        assertThat(signer.check(longer.token(), "concert", "b1")).isEqualTo(PassVerdict.OTHER_EVENT);
    }

    @Test
    void anotherBuyerOrEventCannotUseIt() {
        assertThat(signer.check(pass.token(), "concert", "b2")).isEqualTo(PassVerdict.OTHER_BUYER);
        assertThat(signer.check(pass.token(), "opera", "b1")).isEqualTo(PassVerdict.OTHER_EVENT);
    }

    @Test
    void aPassSignedWithAnotherSecretIsForged() {
        PassSigner other = new PassSigner("another secret that is also 32 bytes long".getBytes(StandardCharsets.UTF_8), clock);
        String forged = other.issue("concert", "b1", "t1", clock.instant().plus(Duration.ofHours(1))).token();
        assertThat(signer.check(forged, "concert", "b1")).isEqualTo(PassVerdict.FORGED);
    }

    @Test
    void aPassWhosePayloadWasEditedIsForged() {
        String[] parts = pass.token().split("\\.");
        String payload = Base64.getUrlEncoder().withoutPadding().encodeToString(
                ("concert\nb2\nt1\n" + clock.instant().plus(Duration.ofDays(1)).toEpochMilli()).getBytes(StandardCharsets.UTF_8));
        assertThat(signer.check(parts[0] + "." + payload + "." + parts[2], "concert", "b2")).isEqualTo(PassVerdict.FORGED);
    }

    @ParameterizedTest
    @ValueSource(strings = {"x", "wrp1.abc", "wrp1.!!!.???", "wrp2.a.b", "wrp1..", "a.b.c.d"})
    void garbageIsForged(String token) {
        assertThat(signer.check(token, "concert", "b1")).isEqualTo(PassVerdict.FORGED);
    }

    @Test
    void noPassIsMissing() {
        assertThat(signer.check(null, "concert", "b1")).isEqualTo(PassVerdict.MISSING);
        assertThat(signer.check(" ", "concert", "b1")).isEqualTo(PassVerdict.MISSING);
    }

    @Test
    void issuingIsDeterministicSoAskingAgainGivesTheSamePass() {
        assertThat(signer.issue("concert", "b1", "t1", pass.expiresAt()).token()).isEqualTo(pass.token());
    }
}
