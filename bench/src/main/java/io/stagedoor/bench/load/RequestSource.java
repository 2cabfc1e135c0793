package io.stagedoor.bench.load;

/** The request a load loop sends as its {@code index}-th; called concurrently from many threads. */
@FunctionalInterface
public interface RequestSource {
    byte[] request(long index);
}
