package io.stagedoor.bench.bucket;

import java.util.concurrent.CompletableFuture;

/** One way of deciding "may this key take a token?" against Redis. */
interface BucketContender extends AutoCloseable {

    String name();

    /** Completes with whether the key was admitted; never blocks. */
    CompletableFuture<Boolean> decide(String key);

    @Override
    void close();
}
