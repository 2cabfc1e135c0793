package io.stagedoor.ingress.front;

import io.stagedoor.ingress.holds.Accepted;
import io.stagedoor.ingress.http.ProblemException;
import java.io.IOException;
import java.util.Map;
import org.glassfish.grizzly.http.server.Response;

/** An answer the front stage writes itself, on the thread that has it, as Jersey would have written it. */
public sealed interface FrontReply {

    /** The status written, for the front's own count of its answers. */
    int status();

    void write(Response response) throws IOException;

    /** A refusal (or any problem), as Jersey's rings and mappers answer it. */
    static FrontReply refused(ProblemException answer) {
        return new Refused(answer);
    }

    /** The answer to a request that passed every ring: 202, or the problem that stopped it after the rings. */
    static FrontReply of(Accepted.Outcome outcome, Map<String, String> fields) {
        if (outcome.notRecorded() != null) {
            return new Refused(new ProblemException(outcome.notRecorded(), fields));
        }
        return new Pending(outcome.correlationId(), fields);
    }

    /** A problem answer. */
    record Refused(ProblemException answer) implements FrontReply {
        @Override
        public int status() {
            return answer.problem().status();
        }

        @Override
        public void write(Response response) throws IOException {
            FrontAnswers.write(response, answer);
        }
    }

    /**
     * 202 with the result's location and a poll hint ({@link Accepted#pending}), and the RateLimit fields of the
     * decision that admitted it.
     */
    record Pending(String correlationId, Map<String, String> fields) implements FrontReply {
        @Override
        public int status() {
            return 202;
        }

        @Override
        public void write(Response response) throws IOException {
            FrontAnswers.writePending(response, correlationId, fields);
        }
    }
}
