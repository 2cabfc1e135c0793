package io.stagedoor.harness.child;

import io.stagedoor.harness.HarnessMessages;
import io.stagedoor.harness.ReadyLine;
import java.util.Optional;

/**
 * Where a child pipeline listens, as its one ready line says it:
 * {@code "pipeline ready on 127.0.0.1:<port> admin <adminPort> kafka <bootstrap>"} (a {@link ReadyLine} with the
 * admin port and the Kafka bootstrap after it).
 *
 * @param port           the ingress's public port
 * @param adminPort      its admin listener ({@code /metrics}, admin routes)
 * @param kafkaBootstrap the Kafka the pipeline uses, embedded in the child or the one it was given
 */
record PipelineReady(int port, int adminPort, String kafkaBootstrap) {

    static final String PART = "pipeline";
    private static final String PREFIX = PART + ReadyLine.MARKER + "127.0.0.1:";

    /** The line the child prints. */
    String line() {
        return PREFIX + port + " admin " + adminPort + " kafka " + kafkaBootstrap;
    }

    /** The ready line's figures when {@code line} is one; empty for any other output of the child. */
    static Optional<PipelineReady> parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String[] words = line.substring(PREFIX.length()).split(" ");
        if (words.length != 5 || !words[1].equals("admin") || !words[3].equals("kafka")) {
            throw new IllegalStateException(HarnessMessages.unreadableReadyLine(line));
        }
        try {
            return Optional.of(new PipelineReady(Integer.parseInt(words[0]), Integer.parseInt(words[2]), words[4]));
        } catch (NumberFormatException e) {
            throw new IllegalStateException(HarnessMessages.unreadableReadyLine(line), e);
        }
    }
}
