package io.stagedoor.admission.presale;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PresaleCodesTest {

    private final PresaleCodes codes = new PresaleCodes("the presale test secret, 32 bytes or more".getBytes(
            StandardCharsets.UTF_8));

    @Test
    void aCodeOpensItsOwnAccountsPresaleOnly() {
        String code = codes.codeFor("show", "fan-1");
        assertThat(code).hasSize(20).matches("[A-Za-z0-9_-]+");
        assertThat(codes.isCodeOf(code, "show", "fan-1")).isTrue();
        assertThat(codes.isCodeOf(code, "show", "fan-2")).as("another account").isFalse();
        assertThat(codes.isCodeOf(code, "other-show", "fan-1")).as("another event").isFalse();
        assertThat(codes.codeFor("show", "fan-1")).as("the same every time").isEqualTo(code);
    }

    @Test
    void aCodeOfAnotherSecretAnAlteredOneOrNoneIsWorthNothing() {
        String code = codes.codeFor("show", "fan-1");
        PresaleCodes elsewhere = new PresaleCodes("another presale secret of 32 bytes!!".getBytes(StandardCharsets.UTF_8));
        assertThat(codes.isCodeOf(elsewhere.codeFor("show", "fan-1"), "show", "fan-1")).isFalse();
        String altered = (code.charAt(0) == 'A' ? 'B' : 'A') + code.substring(1);
        assertThat(codes.isCodeOf(altered, "show", "fan-1")).isFalse();
        assertThat(codes.isCodeOf(null, "show", "fan-1")).isFalse();
        assertThat(codes.isCodeOf("", "show", "fan-1")).isFalse();
        assertThat(codes.isCodeOf("é".repeat(20), "show", "fan-1")).isFalse();
    }

    /** A newline in an id cannot make one event and account read as another pair. */
    @Test
    void theEventAndAccountCannotBeShiftedIntoEachOther() {
        assertThat(codes.codeFor("show\nfan", "1")).isNotEqualTo(codes.codeFor("show", "fan\n1"));
        assertThat(codes.codeFor("showfan", "1")).isNotEqualTo(codes.codeFor("show", "fan1"));
    }
}
