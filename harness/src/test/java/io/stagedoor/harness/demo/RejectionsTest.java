package io.stagedoor.harness.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RejectionsTest {

    @Test
    void countsEachReasonAndListsThemInReasonOrder() {
        Rejections rejections = new Rejections();
        rejections.add("seat-unavailable");
        rejections.add("buyer-seat-limit");
        rejections.add("seat-unavailable");

        assertThat(rejections.byReason()).containsExactly(Map.entry("buyer-seat-limit", 1L),
                Map.entry("seat-unavailable", 2L));
        assertThat(rejections.total()).isEqualTo(3);
        assertThat(rejections.of("seat-unavailable")).isEqualTo(2);
    }

    @Test
    void aResultWithoutAReasonIsCountedAsNoReason() {
        Rejections rejections = new Rejections();
        rejections.add(null);

        assertThat(rejections.byReason()).containsExactly(Map.entry("no reason", 1L));
    }

    @Test
    void aReasonNeverSeenCountsZero() {
        Rejections rejections = new Rejections();

        assertThat(rejections.of("seat-unavailable")).isZero();
        assertThat(rejections.total()).isZero();
        assertThat(rejections.byReason()).isEmpty();
    }
}
