package io.stagedoor.harness.chaos;

import java.util.List;

/**
 * Scenario 6: bad input at volume while the load runs: {@code badRequests} malformed, oversized, wrongly typed,
 * wrongly encoded and forged requests across every route. Zero 5xx, every answer a problem body, and the valid load
 * keeps being served.
 */
final class BadInput implements FaultScenario {

    private volatile BadInputVolley volley;

    @Override
    public String name() {
        return "bad-input";
    }

    @Override
    public String fault(ChaosSettings settings) {
        return String.format("%,d bad requests", settings.badRequests());
    }

    @Override
    public void play(ChaosCluster cluster, LoadTally tally, Expectations expectations) {
        BadInputs inputs = new BadInputs(cluster.settings().seed(), ScenarioRun.eventIdOf(this),
                () -> cluster.token("fuzz-" + Math.floorMod(System.nanoTime(), 50)));
        volley = BadInputVolley.fire(inputs, List.of(cluster.ingress(0), cluster.ingress(1)),
                cluster.settings().badRequests());
        expectations.expect("zero 5xx but sheds", volley.serverErrors() == 0, volley.serverErrors() + " of "
                + volley.sent() + "; shed with Retry-After (the instance full): " + volley.shed());
        expectations.expect("every answer a problem body", volley.withoutProblem() == 0 && volley.unanswered() == 0,
                volley.withoutProblem() + " without, " + volley.unanswered() + " unanswered; statuses "
                        + volley.statuses());
        volley.wrong().forEach(wrong -> expectations.expect("  bad answer", false, wrong));
    }

    @Override
    public void judge(ChaosCluster cluster, LoadTally tally, LossFigures figures, Expectations expectations) {
        expectations.expect("valid requests still served", tally.confirmed.get() > 0,
                tally.confirmed.get() + " checkouts confirmed during the volley's scenario");
    }

    /** Bad answers: 5xx, answers without a problem body, requests never answered. */
    long badAnswers() {
        BadInputVolley v = volley;
        return v == null ? 0 : v.serverErrors() + v.withoutProblem() + v.unanswered();
    }

    /** The volley, once played. */
    BadInputVolley volley() {
        return volley;
    }
}
