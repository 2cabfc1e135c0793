package io.stagedoor.harness.chaos;

import io.stagedoor.embedded.EmbeddedKafkaCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Utils;

/**
 * On three brokers (RF 3, min ISR 2): the broker leading the scenario event's holds partition killed under load (it
 * also leads some results partitions, which every visit's results spread over), started again after
 * {@code brokerDown}. The other two keep taking {@code acks=all} writes once the controller has fenced the dead one
 * and elected new leaders: no accepted request loses its result, nobody is charged twice, no seat is sold twice, and
 * no window of 503s lasts longer than the re-election (from the kill until the new leader is known, plus
 * {@link #AFTER_ELECTION} for the producers to learn it). The 503s are counted, before the kill, during the
 * re-election and after it (a restarted replica rejoining the in-sync set slows {@code acks=all} writes while it
 * catches up), and their windows printed.
 */
final class LeaderKill implements FaultScenario {

    /**
     * After the new leader is known, how long 503s may go on: the producers' metadata refresh and one 1 s delivery,
     * and the checkout bound's permits, held by checkouts whose results wait for the workers to find the new
     * leaders too (the windows measured are in bench/RESULTS.md).
     */
    static final Duration AFTER_ELECTION = Duration.ofSeconds(5);
    private static final Duration ELECTION_DEADLINE = Duration.ofSeconds(60);
    private static final Duration IN_SYNC_DEADLINE = Duration.ofSeconds(60);

    /** The expectation the test asserts: no 503 window outlasts the re-election. */
    static final String REELECTION_PROMISE = "503s only for the re-election: no window longer than it";

    private long killedAt;
    private long electedAt;
    private long restartedAt;
    private String killed = "nothing killed";

    @Override
    public String name() {
        return "leader";
    }

    @Override
    public int brokers() {
        return EmbeddedKafkaCluster.NODES;
    }

    @Override
    public String fault(ChaosSettings settings) {
        return "leader of the event's holds partition killed (1 of 3 brokers), back after "
                + settings.brokerDown().toSeconds() + " s";
    }

    @Override
    public void play(ChaosCluster cluster, LoadTally tally, Expectations expectations) {
        EmbeddedKafkaCluster brokers = cluster.threeBrokers();
        TopicPartition holds = holdsPartition(cluster, ScenarioRun.eventIdOf(this));
        int leader = brokers.leaderOf(holds);
        killed = "node " + leader + ", leader of " + holds + " and of " + led(brokers, cluster.topics().checkouts(), leader)
                + ", " + led(brokers, cluster.topics().results(), leader) + ", " + led(brokers, "__transaction_state", leader)
                + ", " + led(brokers, "__consumer_offsets", leader) + ", " + led(brokers, "__share_group_state", leader);
        killedAt = System.nanoTime();
        brokers.kill(leader);
        Waits.until(ELECTION_DEADLINE, "a new leader of " + holds, () -> brokers.leaderOf(holds) != leader);
        electedAt = System.nanoTime();
        Waits.pause(cluster.settings().brokerDown());
        restartedAt = System.nanoTime();
        brokers.restart(leader);
        long restarted = System.nanoTime();
        boolean inSync = waitInSync(brokers, holds);
        expectations.expect("the restarted broker back in sync", inSync, "holds ISR "
                + brokers.inSyncReplicas(holds) + " " + Duration.ofNanos(System.nanoTime() - restarted).toMillis()
                + " ms after the restart");
    }

    @Override
    public void judge(ChaosCluster cluster, LoadTally tally, LossFigures figures, Expectations expectations) {
        List<ShedWindows.Answer> timeline = tally.timeline();
        ShedWindows shed = ShedWindows.of(timeline);
        Duration election = Duration.ofNanos(electedAt - killedAt);
        long electionEnd = electedAt + AFTER_ELECTION.toNanos();
        long before = ShedWindows.between(timeline, Long.MIN_VALUE, killedAt - 1);
        long during = ShedWindows.between(timeline, killedAt, electionEnd);
        long rejoin = ShedWindows.between(timeline, electionEnd + 1, Long.MAX_VALUE);
        expectations.expect("killed the leader of the event's holds", killedAt != 0, killed);
        // A partition without a live leader is the only thing that may shed for longer than one slow write.
        expectations.expect(REELECTION_PROMISE, shed.longest().compareTo(election.plus(AFTER_ELECTION)) <= 0,
                String.format(Locale.ROOT, "new leader %d ms after the kill; %d 503s (%s), longest window %d ms;"
                                + " windows %s after the kill; %d before the kill, %d from the kill to %d ms after the"
                                + " election, %d after (restarted at +%.1f s); %d without Retry-After",
                        election.toMillis(), shed.count(), ShedWindows.reasons(timeline), shed.longest().toMillis(),
                        shed.describe(killedAt), before, during, AFTER_ELECTION.toMillis(), rejoin,
                        (restartedAt - killedAt) / 1e9, tally.shedWithoutRetryAfter.get()));
        expectations.expect("checkouts confirmed across the kill", tally.confirmed.get() > 0,
                tally.confirmed.get() + " confirmed");
    }

    /** The partition of the holds topic the event's records go to: the producers' default, murmur2 of the key. */
    static TopicPartition holdsPartition(ChaosCluster cluster, String eventId) {
        int partitions = cluster.settings().partitions();
        int partition = Utils.toPositive(Utils.murmur2(eventId.getBytes(StandardCharsets.UTF_8))) % partitions;
        return new TopicPartition(cluster.topics().holds(), partition);
    }

    /** "topic [partitions]" that {@code node} leads, for the report; a topic not there yet leads nothing. */
    private static String led(EmbeddedKafkaCluster brokers, String topic, int node) {
        try {
            return topic + " " + brokers.partitionsLedBy(topic, node);
        } catch (IllegalStateException absent) {
            return topic + " (none)";
        }
    }

    private static boolean waitInSync(EmbeddedKafkaCluster brokers, TopicPartition partition) {
        try {
            Waits.until(IN_SYNC_DEADLINE, "three in sync on " + partition,
                    () -> brokers.inSyncReplicas(partition).size() == EmbeddedKafkaCluster.NODES);
            return true;
        } catch (IllegalStateException notInTime) {
            return false;
        }
    }
}
