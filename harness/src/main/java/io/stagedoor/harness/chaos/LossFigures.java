package io.stagedoor.harness.chaos;

import java.util.List;

/**
 * What one scenario did and lost. The first five figures describe the load (every POST offered ends accepted,
 * refused, shed or failed); the loss figures — results missing, duplicates, double charges, double sales,
 * unrecorded 202s and bad answers to bad input — must all be zero.
 *
 * @param scenario            the scenario's name
 * @param fault               the fault, in a line
 * @param offered             POSTs (holds and checkouts) sent
 * @param accepted            answered 202
 * @param refused             answered 4xx (the caller was the reason)
 * @param shed                answered 503 (the service was the reason), each with a Retry-After
 * @param failed              no answer, even from the other instance, or a 5xx other than 503
 * @param resultsMissing      accepted requests whose result never reached the buyer, or no result on the topic
 * @param duplicates          correlation ids with two results, or given to two requests
 * @param doubleCharges       idempotency keys the gateway charged twice
 * @param doubleSales         seats sold (or held) while already taken
 * @param unrecorded          202s whose request is not on the topics
 * @param badAnswers          bad input answered 5xx, without a problem body, or not at all
 * @param worstAddedLatencyMs the slowest POST during and after the fault minus the slowest before it
 * @param auditFailed         checks of the audit that failed
 * @param expectations        what the scenario promised besides, and what was seen
 */
public record LossFigures(String scenario, String fault, long offered, long accepted, long refused, long shed,
                          long failed, long resultsMissing, long duplicates, long doubleCharges, long doubleSales,
                          long unrecorded, long badAnswers, long worstAddedLatencyMs, List<String> auditFailed,
                          List<Expectations.Expectation> expectations) {

    public LossFigures {
        auditFailed = List.copyOf(auditFailed);
        expectations = List.copyOf(expectations);
    }

    /** Whether every loss figure is zero. */
    public boolean lossless() {
        return resultsMissing == 0 && duplicates == 0 && doubleCharges == 0 && doubleSales == 0 && unrecorded == 0
                && badAnswers == 0;
    }

    /** Whether every expectation of the scenario held. */
    public boolean expectationsHeld() {
        return expectations.stream().allMatch(Expectations.Expectation::held);
    }

    LossFigures withExpectations(List<Expectations.Expectation> all) {
        return new LossFigures(scenario, fault, offered, accepted, refused, shed, failed, resultsMissing, duplicates,
                doubleCharges, doubleSales, unrecorded, badAnswers, worstAddedLatencyMs, auditFailed, all);
    }
}
