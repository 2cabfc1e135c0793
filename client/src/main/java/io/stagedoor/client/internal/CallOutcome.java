package io.stagedoor.client.internal;

import io.stagedoor.client.GiveUp;
import java.net.http.HttpResponse;
import java.util.Optional;

/** How a request and its retries ended: with an answer (final, or a refusal the client stopped retrying), or none. */
public sealed interface CallOutcome {

    /**
     * An answer. {@code gaveUp} is present when it is a 429/503 the client stopped retrying (budget or deadline),
     * and empty when the status is not one the client retries.
     */
    record Answered(HttpResponse<String> response, Optional<GiveUp> gaveUp) implements CallOutcome {
    }

    /** No answer: the last attempt's failure and why the client stopped. */
    record Failed(Throwable cause, GiveUp giveUp) implements CallOutcome {
    }
}
