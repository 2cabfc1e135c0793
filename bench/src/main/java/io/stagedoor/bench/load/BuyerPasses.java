package io.stagedoor.bench.load;

import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.ingress.auth.BuyerTokens;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.stream.IntStream;

/**
 * Bearer tokens for many buyers ({@code prefix-0} … {@code prefix-(n-1)}), signed with the development secret and
 * minted before the measurement so signing costs the driver nothing while it runs.
 */
public final class BuyerPasses {

    private final String prefix;
    private final String[] tokens;

    public BuyerPasses(String prefix, int buyers) {
        this.prefix = prefix;
        BuyerTokens issuer = new BuyerTokens(IngressSettings.DEVELOPMENT_SECRET.getBytes(StandardCharsets.UTF_8),
                "stagedoor", Clock.systemUTC());
        this.tokens = IntStream.range(0, buyers).parallel()
                .mapToObj(i -> issuer.issue(prefix + "-" + i, Duration.ofHours(2))).toArray(String[]::new);
    }

    public int size() {
        return tokens.length;
    }

    /** The token of buyer {@code i} (modulo the number of buyers). */
    public String token(long i) {
        return tokens[(int) Math.floorMod(i, (long) tokens.length)];
    }

    /** The id of buyer {@code i} (modulo the number of buyers). */
    public String buyerId(long i) {
        return prefix + "-" + Math.floorMod(i, (long) tokens.length);
    }
}
