package io.stagedoor.admission.bucket;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class InProcessBucketStoreTest extends BucketStoreContract {

    private final InProcessBucketStore store = new InProcessBucketStore(10_000);
    private final AtomicInteger keys = new AtomicInteger();

    @Override
    BucketStore store() {
        return store;
    }

    @Override
    String freshKey(String name) {
        return name + "-" + keys.incrementAndGet();
    }

    @Test
    void holdsNoMoreBucketsThanItsBound() {
        InProcessBucketStore small = new InProcessBucketStore(100);
        for (int i = 0; i < 1_000; i++) {
            small.take(List.of(buyerHold("k" + i)), T0);
        }
        assertThat(small.size()).isLessThanOrEqualTo(100);
    }

    @Test
    void neverDriftsOverAMillionRefills() {
        // 3 tokens per 1,000 ms, one third of a token at a time, asked for every 1 ms for 1,000,000 ms: the
        // bucket never fills, so exactly the 2 initial tokens and 3,000 refilled ones are admitted.
        BucketRequest request = new BucketRequest("million", 2, 3, 1_000, 1);
        int admitted = 0;
        for (long ms = 0; ms <= 1_000_000; ms++) {
            admitted += store.take(List.of(request), T0 + ms).toCompletableFuture().join().admitted() ? 1 : 0;
        }
        assertThat(admitted).isEqualTo(2 + 3_000);
    }
}
