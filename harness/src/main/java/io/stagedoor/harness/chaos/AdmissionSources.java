package io.stagedoor.harness.chaos;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Admission decisions by source ({@code redis}, {@code fallback_open}, {@code fallback_local}, ...), summed over
 * both ingress instances' {@code GET /metrics} ({@code stagedoor_admission_decisions_total}). Counters restart with
 * their instance, so compare two scrapes only across a fault that killed no ingress.
 *
 * @param bySource decisions so far, by source tag
 */
record AdmissionSources(Map<String, Long> bySource) {

    static final String METRIC = "stagedoor_admission_decisions_total";
    private static final Pattern LINE = Pattern.compile("^" + METRIC + "\\{([^}]*)}\\s+([0-9.eE+-]+)$",
            Pattern.MULTILINE);
    private static final Pattern SOURCE = Pattern.compile("source=\"([^\"]*)\"");

    AdmissionSources {
        bySource = Map.copyOf(bySource);
    }

    /** Scrapes both instances; an instance that does not answer counts nothing. */
    static AdmissionSources scrape(ChaosCluster cluster) {
        Map<String, Long> sums = new TreeMap<>();
        for (int i = 0; i < 2; i++) {
            sum(metricsOf(cluster, cluster.admin(i).resolve("/metrics")), sums);
        }
        return new AdmissionSources(sums);
    }

    static void sum(String text, Map<String, Long> sums) {
        Matcher line = LINE.matcher(text);
        while (line.find()) {
            Matcher source = SOURCE.matcher(line.group(1));
            if (source.find()) {
                sums.merge(source.group(1), (long) Double.parseDouble(line.group(2)), Long::sum);
            }
        }
    }

    long of(String source) {
        return bySource.getOrDefault(source, 0L);
    }

    /** Decisions made since {@code earlier}, by source. */
    AdmissionSources since(AdmissionSources earlier) {
        Map<String, Long> delta = new TreeMap<>();
        bySource.forEach((source, count) -> delta.put(source, count - earlier.of(source)));
        return new AdmissionSources(delta);
    }

    /** Decisions some fallback made. */
    long fallbacks() {
        return of("fallback_open") + of("fallback_local");
    }

    @Override
    public String toString() {
        return new TreeMap<>(bySource).toString();
    }

    private static String metricsOf(ChaosCluster cluster, URI uri) {
        try {
            return cluster.http().send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        } catch (java.io.IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
