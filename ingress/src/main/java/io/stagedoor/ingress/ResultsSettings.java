package io.stagedoor.ingress;

import java.time.Duration;

/**
 * What the results view keeps and how many wait on it. Defaults are in {@link IngressSettings.Builder}.
 *
 * @param window                      how long results stay readable (default 2 minutes)
 * @param maxResults                  the most results the view keeps (default 1,200,000)
 * @param maxWaitingPolls             the most long polls waiting at once (default 20,000)
 * @param maxWaitingPollsPerPrincipal long polls one principal may hold waiting at once; past it a poll is answered
 *                                    at once, without the wait (default 16)
 */
public record ResultsSettings(Duration window, long maxResults, int maxWaitingPolls, int maxWaitingPollsPerPrincipal) {

    public ResultsSettings {
        BoundSettings.atLeastOne(maxWaitingPolls, "maxWaitingPolls");
        BoundSettings.atLeastOne(maxWaitingPollsPerPrincipal, "maxWaitingPollsPerPrincipal");
    }
}
