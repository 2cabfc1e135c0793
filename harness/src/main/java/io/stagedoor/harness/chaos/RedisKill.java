package io.stagedoor.harness.chaos;

import io.stagedoor.harness.DemoAccounts;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scenario 1: Redis killed (SIGKILL) and started again, empty, after {@code redisDown}. The principal limits fail
 * open and count it, logins are limited by the in-process bucket, checkouts never notice, no request is more than
 * 100 ms slower than before, and once Redis is back the decisions come from Redis again.
 */
final class RedisKill implements FaultScenario {

    /** Logins sent during the outage: more than the address limit's burst of 10. */
    static final int LOGINS = 12;
    static final Duration MOST_ADDED_LATENCY = Duration.ofMillis(100);

    @Override
    public String name() {
        return "redis";
    }

    @Override
    public String fault(ChaosSettings settings) {
        return "Redis killed for " + settings.redisDown().toSeconds() + " s";
    }

    @Override
    public void play(ChaosCluster cluster, LoadTally tally, Expectations expectations) {
        AdmissionSources before = AdmissionSources.scrape(cluster);
        long began = System.nanoTime();
        cluster.redis().kill();
        Map<Integer, Integer> logins = logins(cluster);
        Waits.pause(cluster.settings().redisDown().minusNanos(System.nanoTime() - began));
        AdmissionSources during = AdmissionSources.scrape(cluster).since(before);
        cluster.redis().start();
        AdmissionSources restarted = AdmissionSources.scrape(cluster);
        boolean resumed = true;
        try {
            Waits.until(Duration.ofSeconds(30), "Redis decisions",
                    () -> AdmissionSources.scrape(cluster).since(restarted).of("redis") > 0);
        } catch (IllegalStateException notResumed) {
            resumed = false;
        }
        expectations.expect("principal limits fail open, counted", during.of("fallback_open") > 0,
                "decisions while down " + during);
        expectations.expect("logins limited in-process", logins.getOrDefault(429, 0) > 0
                && logins.keySet().stream().allMatch(status -> status < 500), LOGINS + " logins answered " + logins);
        expectations.expect("Redis decisions resume after the restart", resumed,
                "after restart " + AdmissionSources.scrape(cluster).since(restarted));
    }

    @Override
    public void judge(ChaosCluster cluster, LoadTally tally, LossFigures figures, Expectations expectations) {
        expectations.expect("no request 100 ms slower than before",
                figures.worstAddedLatencyMs() <= MOST_ADDED_LATENCY.toMillis(),
                "worst added " + figures.worstAddedLatencyMs() + " ms");
    }

    /** Logs in as a demo buyer {@link #LOGINS} times from one address; answers by status. */
    private static Map<Integer, Integer> logins(ChaosCluster cluster) {
        Map<Integer, Integer> statuses = new TreeMap<>();
        String body = "{\"email\":\"ada@stagedoor.test\",\"password\":\"" + DemoAccounts.PASSWORD + "\"}";
        for (int i = 0; i < LOGINS; i++) {
            int status;
            try {
                status = cluster.http().send(HttpRequest.newBuilder(cluster.ingress(0).resolve("/v1/login"))
                                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode();
            } catch (java.io.IOException e) {
                status = -1;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            statuses.merge(status, 1, Integer::sum);
        }
        return statuses;
    }
}
