package io.stagedoor.harness.child;

import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.harness.Pipeline;
import io.stagedoor.harness.PipelineOptions;
import io.stagedoor.topics.TopicNames;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@link PipelineMain}: the {@link PipelineOptions} a child pipeline starts with, and whether
 * its logs go through. The one place the flags are spelled, both ways. A child always starts every
 * {@linkplain Pipeline.Part part}, the demo event and the configured ingress settings: {@code parts}, {@code event}
 * and {@code ingressSettings} of the options do not cross the process boundary.
 *
 * @param options what to start
 * @param verbose whether the child's logs go through ({@code false}: only our own errors, as {@code QuietLogs})
 */
record PipelineArgs(PipelineOptions options, boolean verbose) {

    static final String DATA_DIR = "--data-dir";
    static final String PORT = "--port";
    static final String ADMIN_PORT = "--admin-port";
    static final String KAFKA = "--kafka";
    static final String KAFKA_PORT = "--kafka-port";
    static final String REDIS = "--redis";
    static final String REDIS_PORT = "--redis-port";
    static final String PARTITIONS = "--partitions";
    static final String NAMESPACE = "--namespace";
    static final String WAITING_ROOM = "--waiting-room";
    static final String MAX_SEATS_PER_BUYER = "--max-seats-per-buyer";
    static final String VERBOSE = "--verbose";

    /** The arguments that {@link #parse} reads back into these. */
    List<String> toArgs() {
        List<String> args = new ArrayList<>(List.of(DATA_DIR, options.dataDir().toString(),
                PORT, Integer.toString(options.port()), ADMIN_PORT, Integer.toString(options.adminPort()),
                KAFKA_PORT, Integer.toString(options.kafkaPort()), REDIS_PORT, Integer.toString(options.redisPort()),
                PARTITIONS, Integer.toString(options.partitions()), NAMESPACE, options.topics().namespace(),
                MAX_SEATS_PER_BUYER, Integer.toString(options.maxSeatsPerBuyer())));
        if (options.kafka() != null) {
            args.addAll(List.of(KAFKA, options.kafka()));
        }
        if (options.redis() != null) {
            args.addAll(List.of(REDIS, options.redis()));
        }
        if (options.waitingRoom()) {
            args.add(WAITING_ROOM);
        }
        if (verbose) {
            args.add(VERBOSE);
        }
        return args;
    }

    /** Reads what {@link #toArgs} wrote; an unknown flag is an error. */
    static PipelineArgs parse(List<String> args) {
        PipelineOptions defaults = PipelineOptions.defaults();
        Path dataDir = defaults.dataDir();
        int port = defaults.port();
        int adminPort = defaults.adminPort();
        String kafka = null;
        String redis = null;
        int kafkaPort = defaults.kafkaPort();
        int redisPort = defaults.redisPort();
        int partitions = defaults.partitions();
        String namespace = defaults.topics().namespace();
        boolean waitingRoom = false;
        int maxSeats = defaults.maxSeatsPerBuyer();
        boolean verbose = false;
        for (int i = 0; i < args.size(); i++) {
            String flag = args.get(i);
            switch (flag) {
                case WAITING_ROOM -> waitingRoom = true;
                case VERBOSE -> verbose = true;
                default -> {
                    if (i + 1 >= args.size()) {
                        throw new IllegalArgumentException(HarnessMessages.unknownPipelineArgument(flag));
                    }
                    String value = args.get(++i);
                    switch (flag) {
                        case DATA_DIR -> dataDir = Path.of(value);
                        case PORT -> port = Integer.parseInt(value);
                        case ADMIN_PORT -> adminPort = Integer.parseInt(value);
                        case KAFKA -> kafka = value;
                        case REDIS -> redis = value;
                        case KAFKA_PORT -> kafkaPort = Integer.parseInt(value);
                        case REDIS_PORT -> redisPort = Integer.parseInt(value);
                        case PARTITIONS -> partitions = Integer.parseInt(value);
                        case NAMESPACE -> namespace = value;
                        case MAX_SEATS_PER_BUYER -> maxSeats = Integer.parseInt(value);
                        default -> throw new IllegalArgumentException(HarnessMessages.unknownPipelineArgument(flag));
                    }
                }
            }
        }
        return new PipelineArgs(PipelineOptions.builder(dataDir).port(port).kafka(kafka).redis(redis)
                .kafkaPort(kafkaPort).redisPort(redisPort).partitions(partitions).waitingRoom(waitingRoom)
                .topics(new TopicNames(namespace)).maxSeatsPerBuyer(maxSeats).adminPort(adminPort).build(), verbose);
    }
}
