package io.stagedoor.bench.results;

import io.stagedoor.bench.load.Flags;
import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.topics.TopicNames;
import java.nio.file.Files;
import java.util.List;
import java.util.UUID;

/**
 * What following the results topic costs each ingress instance, at one total rate of results shared by 1, 2 and 3
 * instances, in two designs: every instance follows every partition (instance count 1 each: the design before
 * decision 0028), and each follows its home lanes (index i of N); then the lanes with every poll sent to a random
 * instance (round robin, so instances visit the others' lanes). Each round writes results at {@code --rate} a second
 * for {@code --seconds} to a results topic of {@code --partitions}, each id issued by one of the instances in turn
 * and naming that instance's lane, and measures the CPU time of each instance's follower thread (the real
 * {@code ResultLaneFollower} feeding a real {@code ResultsView}). Prints µs of CPU per record followed and per
 * request the instance accepted: the second is what must stay flat as instances are added.
 */
public final class ResultsFollowBenchmark {

    private ResultsFollowBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Flags flags = Flags.parse(args);
        FollowRound.Sizes sizes = new FollowRound.Sizes(flags.decimal("rate", 3_000), flags.integer("seconds", 15),
                flags.integer("partitions", 6));
        List<Integer> counts = List.of(flags.text("instances", "1,2,3").split(",")).stream()
                .map(String::trim).map(Integer::parseInt).toList();
        try (EmbeddedKafka kafka = EmbeddedKafka.start(Files.createTempDirectory("stagedoor-bench-kafka-"), 0)) {
            System.out.printf("results-follow: %.0f results/s for %d s per round over %d partitions; %d cores, Java %s%n",
                    sizes.rate(), sizes.seconds(), sizes.partitions(), Runtime.getRuntime().availableProcessors(),
                    Runtime.version().feature());
            System.out.println(FollowRound.Figures.HEADER);
            System.out.println("warm-up " + round(kafka, sizes, FollowRound.Design.LANES, 1));
            for (int n : counts) {
                for (FollowRound.Design design : FollowRound.Design.values()) {
                    System.out.println(round(kafka, sizes, design, n));
                }
            }
        }
    }

    private static FollowRound.Figures round(EmbeddedKafka kafka, FollowRound.Sizes sizes, FollowRound.Design design,
                                             int instances) throws Exception {
        TopicNames names = new TopicNames("bench-follow-" + UUID.randomUUID().toString().substring(0, 8));
        return new FollowRound(kafka.bootstrapServers(), names, sizes, design, instances).run();
    }
}
