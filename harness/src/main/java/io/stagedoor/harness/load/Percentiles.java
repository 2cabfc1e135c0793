package io.stagedoor.harness.load;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/** Latency figures of a microsecond histogram, in milliseconds. */
public final class Percentiles {

    private Percentiles() {
    }

    /** The value at {@code percentile}, in milliseconds (NaN when empty). */
    public static double millis(Histogram micros, double percentile) {
        return micros.getTotalCount() == 0 ? Double.NaN : micros.getValueAtPercentile(percentile) / 1000.0;
    }

    /** "p50 1.23  p99 4.56  max 7.89 ms". */
    public static String summary(Histogram micros) {
        return String.format(Locale.ROOT, "p50 %7.2f  p99 %7.2f  max %8.2f ms", millis(micros, 50),
                millis(micros, 99), micros.getTotalCount() == 0 ? Double.NaN : micros.getMaxValue() / 1000.0);
    }
}
