package io.stagedoor.audit.check;

import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.audit.evidence.Evidence;
import io.stagedoor.audit.evidence.Located;
import io.stagedoor.audit.evidence.Request;
import io.stagedoor.audit.evidence.ResultSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every accepted request (a hold or checkout published in the window) has exactly one terminal result. A request
 * with none fails, unless it was published so close to the end of what was read that its result may still be on
 * its way (counted as pending); a correlation id with two results fails wherever it is. A result that answers no
 * request of the window is forgiven near the window's edges, where its request lies outside, and fails inside.
 */
final class OneResultPerRequest implements Check {

    static final String NAME = "one-result-per-request";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult run(Evidence evidence, AuditWindow window, int keep) {
        Map<String, Located<Request>> requests = new LinkedHashMap<>();
        for (Located<Request> request : evidence.requests()) {
            // A producer retry can write a request twice; it is still one request with one result.
            requests.putIfAbsent(request.value().correlationId(), request);
        }
        Map<String, List<Located<ResultSummary>>> results = new HashMap<>();
        for (Located<ResultSummary> result : evidence.results()) {
            results.computeIfAbsent(result.value().correlationId(), id -> new ArrayList<>(1)).add(result);
        }
        Offenses offenses = new Offenses(keep);
        long pending = 0;
        long answered = 0;
        for (Located<Request> request : requests.values()) {
            String id = request.value().correlationId();
            List<Located<ResultSummary>> answers = results.get(id);
            if (answers == null) {
                if (window.settling(request.ref().timestamp())) {
                    pending++;
                } else {
                    offenses.add(Offense.at(request.ref(), id, AuditMessages.missingResult(request.value().kind(), id)));
                }
            } else {
                answered++;
            }
        }
        long forgiven = 0;
        for (Map.Entry<String, List<Located<ResultSummary>>> entry : results.entrySet()) {
            List<Located<ResultSummary>> answers = entry.getValue();
            if (answers.size() > 1) {
                offenses.add(Offense.at(answers.get(1).ref(), entry.getKey(), AuditMessages.duplicateResults(
                        entry.getKey(), answers.size(), answers.stream().map(a -> a.ref().toString()).toList())));
            }
            if (!requests.containsKey(entry.getKey())) {
                Located<ResultSummary> first = answers.get(0);
                Instant accepted = first.value().acceptedAt() != null ? first.value().acceptedAt()
                        : first.ref().timestamp();
                if (window.nearEdge(accepted)) {
                    forgiven++;
                } else {
                    offenses.add(Offense.at(first.ref(), entry.getKey(),
                            AuditMessages.resultWithoutRequest(entry.getKey())));
                }
            }
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("requests", requests.size());
        details.put("answered", answered);
        details.put("pending", pending);
        details.put("results", evidence.results().size());
        details.put("resultsForgivenAtEdges", forgiven);
        return CheckResult.judged(NAME, "every accepted request has exactly one terminal result",
                requests.size() + evidence.results().size(), offenses, details);
    }
}
