package io.stagedoor.ingress.audit;

import io.stagedoor.admission.Decision;
import io.stagedoor.admission.DecisionSource;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.ingress.rings.Decisions;
import io.stagedoor.ingress.rings.LimitedRoute;
import io.stagedoor.topics.AdmissionRecord;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Turns each limiter decision into one {@link AdmissionRecord} per limit it applied, and hands them to the audit.
 * Keys that are personal data (source addresses, emails) are hashed; principal ids are kept as they are.
 */
public final class DecisionRecorder implements Decisions.Recorder {

    private final AdmissionAudit audit;
    private final Clock clock;

    public DecisionRecorder(AdmissionAudit audit, Clock clock) {
        this.audit = audit;
        this.clock = clock;
    }

    @Override
    public void record(LimitedRoute route, List<LimitCheck> checks, Decision decision) {
        String outcome = outcome(decision);
        long now = clock.millis();
        for (LimitCheck check : checks) {
            LimitPolicy policy = check.policy();
            String key = route == LimitedRoute.LOGIN ? hashed(check.subject()) : check.subject();
            audit.record(new AdmissionRecord(policy.name(), key, outcome, decision.source().tag(), check.cost(),
                    decision.remaining(), decision.admitted() ? 0 : decision.retryAfterSeconds(), policy.capacity(),
                    policy.refillTokens(), policy.refillPeriodMillis(), now, route.name().toLowerCase(Locale.ROOT),
                    null, clock.instant()));
        }
    }

    private static String outcome(Decision decision) {
        DecisionSource source = decision.source();
        if (source == DecisionSource.FALLBACK_OPEN) {
            return AdmissionRecord.FALLBACK_OPEN;
        }
        if (source == DecisionSource.FALLBACK_LOCAL) {
            return AdmissionRecord.FALLBACK_LOCAL;
        }
        if (source == DecisionSource.SHADOW) {
            return AdmissionRecord.SHADOW_REFUSED;
        }
        return decision.admitted() ? AdmissionRecord.ADMITTED : AdmissionRecord.REFUSED;
    }

    /** A stable, non-reversible stand-in for personal data. */
    public static String hashed(String value) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
