package io.stagedoor.bench.results;

import io.stagedoor.bench.load.Flags;
import io.stagedoor.embedded.EmbeddedKafka;
import io.stagedoor.topics.TopicNames;
import java.nio.file.Files;
import java.util.ArrayList;
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
 * request the instance accepted: the second is what must stay flat as instances are added. Two passes, the second
 * in reverse order, after a warm-up round, so that the JIT's progress does not favour the later rounds. With
 * {@code --per-instance} the rate is each instance's, so the total grows with the instances (scaling out): each
 * instance's own cost must then stay flat.
 */
public final class ResultsFollowBenchmark {

    private ResultsFollowBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Flags flags = Flags.parse(args);
        FollowRound.Sizes sizes = new FollowRound.Sizes(flags.decimal("rate", 6_000), flags.integer("seconds", 10),
                flags.integer("partitions", 6));
        int warmup = flags.integer("warmup-seconds", 20);
        boolean perInstance = flags.text("per-instance", "false").equals("true");
        List<Integer> counts = List.of(flags.text("instances", "1,2,3").split(",")).stream()
                .map(String::trim).map(Integer::parseInt).toList();
        List<FollowRound.Figures> figures = new ArrayList<>();
        try (EmbeddedKafka kafka = EmbeddedKafka.start(Files.createTempDirectory("stagedoor-bench-kafka-"), 0)) {
            System.out.printf("results-follow: %.0f results/s%s for %d s per round over %d partitions, two passes (the "
                            + "second in reverse order), after a %d s warm-up; %d cores, Java %s%n", sizes.rate(),
                    perInstance ? " per instance" : "",
                    sizes.seconds(), sizes.partitions(), warmup, Runtime.getRuntime().availableProcessors(),
                    Runtime.version().feature());
            System.out.println(FollowRound.Figures.HEADER);
            FollowRound.Sizes warm = new FollowRound.Sizes(sizes.rate(), warmup, sizes.partitions());
            System.out.println("warm-up: " + round(kafka, warm, FollowRound.Design.EVERY_PARTITION, counts.getLast()));
            List<Run> order = new ArrayList<>();
            for (int n : counts) {
                for (FollowRound.Design design : FollowRound.Design.values()) {
                    order.add(new Run(design, n));
                }
            }
            for (List<Run> pass : List.of(order, order.reversed())) {
                for (Run run : pass) {
                    FollowRound.Sizes these = perInstance ? new FollowRound.Sizes(sizes.rate() * run.instances(),
                            sizes.seconds(), sizes.partitions()) : sizes;
                    FollowRound.Figures row = round(kafka, these, run.design(), run.instances());
                    figures.add(row);
                    System.out.println(row);
                }
            }
        }
        System.out.println();
        summary(perInstance ? "follower CPU µs/s per instance, mean of the two passes (the same traffic per instance: "
                + "flat = no instance pays for the others)" : "follower CPU µs/s per instance, mean of the two passes "
                + "(the same total traffic shared by more instances: flat or falling = no instance pays for the others)",
                figures, counts,
                FollowRound.Figures::cpuMicrosPerSecond);
        summary("records followed per instance per second", figures, counts,
                FollowRound.Figures::recordsPerInstancePerSecond);
        summary("µs of follower CPU per request accepted", figures, counts, FollowRound.Figures::cpuMicrosPerAccepted);
    }

    private static void summary(String title, List<FollowRound.Figures> figures, List<Integer> counts,
                                java.util.function.ToDoubleFunction<FollowRound.Figures> figure) {
        System.out.println(title + ":");
        for (FollowRound.Design design : FollowRound.Design.values()) {
            StringBuilder line = new StringBuilder(String.format("  %-22s", design.label));
            double first = 0;
            for (int n : counts) {
                double mean = figures.stream().filter(f -> f.design() == design && f.instances() == n)
                        .mapToDouble(figure).average().orElse(Double.NaN);
                first = first == 0 ? mean : first;
                line.append(String.format("  %d: %8.1f (%.2fx)", n, mean, mean / first));
            }
            System.out.println(line);
        }
    }

    /** One round to run: a design at an instance count. */
    private record Run(FollowRound.Design design, int instances) {
    }

    private static FollowRound.Figures round(EmbeddedKafka kafka, FollowRound.Sizes sizes, FollowRound.Design design,
                                             int instances) throws Exception {
        TopicNames names = new TopicNames("bench-follow-" + UUID.randomUUID().toString().substring(0, 8));
        return new FollowRound(kafka.bootstrapServers(), names, sizes, design, instances).run();
    }
}
