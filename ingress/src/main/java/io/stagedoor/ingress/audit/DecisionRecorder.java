package io.stagedoor.ingress.audit;

import io.stagedoor.admission.limiter.Decision;
import io.stagedoor.admission.limiter.DecisionSource;
import io.stagedoor.admission.limit.LimitCheck;
import io.stagedoor.admission.limit.LimitPolicy;
import io.stagedoor.ingress.http.IngressMessages;
import io.stagedoor.ingress.rings.Decisions;
import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.topics.AdmissionRecord;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;

/**
 * Turns each limiter decision into {@link AdmissionRecord}s for the audit: one per limit that took or was decided
 * by a fallback; for a refusal, one, against the limit that refused (the others took nothing, so the audit's
 * replay has nothing to charge them). Refusals the refusal cache answered go to a {@link RefusalTally}, which
 * writes one record per key and second with their number. Keys that are personal data (source addresses, emails)
 * are hashed; principal ids are kept as they are.
 */
public final class DecisionRecorder implements Decisions.Recorder {

    private final Consumer<AdmissionRecord> audit;
    private final RefusalTally cachedRefusals;
    private final Clock clock;

    public DecisionRecorder(Consumer<AdmissionRecord> audit, RefusalTally cachedRefusals, Clock clock) {
        this.audit = audit;
        this.cachedRefusals = cachedRefusals;
        this.clock = clock;
    }

    @Override
    public void record(LimitedRoute route, List<LimitCheck> checks, Decision decision) {
        // The limiter's own clock, so the audit replays decisions in the order Redis saw their clocks.
        long now = decision.decidedAtMillis() > 0 ? decision.decidedAtMillis() : clock.millis();
        String outcome = outcome(decision);
        LimitCheck refusing = AdmissionRecord.REFUSED.equals(outcome) ? refusing(checks, decision) : null;
        if (refusing == null) {
            for (LimitCheck check : checks) {
                audit.accept(record(route, check, decision, outcome, now));
            }
        } else if (decision.source() == DecisionSource.REFUSAL_CACHE) {
            cachedRefusals.count(refusing.policy().name(), refusing.subject(), route.tag(), now,
                    () -> record(route, refusing, decision, outcome, now));
        } else {
            audit.accept(record(route, refusing, decision, outcome, now));
        }
    }

    private static AdmissionRecord record(LimitedRoute route, LimitCheck check, Decision decision, String outcome,
                                          long now) {
        LimitPolicy policy = check.policy();
        String key = route == LimitedRoute.LOGIN ? hashed(check.subject()) : check.subject();
        return new AdmissionRecord(policy.name(), key, outcome, decision.source().tag(), check.cost(),
                decision.remaining(), decision.admitted() ? 0 : decision.retryAfterSeconds(), policy.capacity(),
                policy.refillTokens(), policy.refillPeriodMillis(), now, route.tag(), null, Instant.ofEpochMilli(now));
    }

    /** The check of the limit that refused, or null when none of {@code checks} names it. */
    private static LimitCheck refusing(List<LimitCheck> checks, Decision decision) {
        for (LimitCheck check : checks) {
            if (check.policy().name().equals(decision.refusedBy().name())) {
                return check;
            }
        }
        return null;
    }

    private static String outcome(Decision decision) {
        DecisionSource source = decision.source();
        if (source == DecisionSource.FALLBACK_OPEN) {
            return AdmissionRecord.FALLBACK_OPEN;
        }
        if (source == DecisionSource.FALLBACK_LOCAL) {
            return AdmissionRecord.FALLBACK_LOCAL;
        }
        if (source == DecisionSource.OVERLOADED) {
            return AdmissionRecord.SHED;
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
            throw new IllegalStateException(IngressMessages.algorithmInEveryJdk("SHA-256"), e);
        }
    }
}
