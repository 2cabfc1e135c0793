package io.stagedoor.admission.bucket;

import io.stagedoor.admission.AdmissionMessages;

import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of one {@code bucket.lua} call for some takes, and the decoding of its reply (the layout is in the
 * script's header). Takes of a call mostly share their shapes and their clock, so each distinct profile (the shapes
 * and costs of a take's keys, in order) is sent once per call and each take sends one number: its clock's offset
 * from the call's earliest clock times the number of profiles, plus its profile. Each take keeps its own clock,
 * exactly.
 */
final class TakeCall {

    /** Lua numbers are doubles: every integer below this one is exact. */
    private static final long EXACT = 1L << 53;

    final String[] keys;
    final String[] args;
    private final List<Take> takes;

    private TakeCall(List<Take> takes, String[] keys, String[] args) {
        this.takes = takes;
        this.keys = keys;
        this.args = args;
    }

    /**
     * The call for {@code takes}, or null when their clocks lie so far apart that an offset would not be exact
     * in Lua (then send fewer takes per call).
     */
    static TakeCall of(List<Take> takes) {
        List<List<BucketRequest>> profiles = new ArrayList<>(2);
        int[] profileOf = new int[takes.size()];
        long base = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        int keyCount = 0;
        int shapeCount = 0;
        for (int t = 0; t < takes.size(); t++) {
            Take take = takes.get(t);
            base = Math.min(base, take.nowMillis());
            last = Math.max(last, take.nowMillis());
            keyCount += take.requests().size();
            int profile = indexOf(profiles, take.requests());
            if (profile < 0) {
                profile = profiles.size();
                profiles.add(take.requests());
                shapeCount += take.requests().size();
            }
            profileOf[t] = profile;
        }
        int count = profiles.size();
        if (last - base < 0 || last - base >= (EXACT - count) / count) {
            return null;
        }
        String[] keys = new String[keyCount];
        String[] args = new String[2 + profiles.size() + 3 * shapeCount + takes.size()];
        int arg = 0;
        args[arg++] = Long.toString(base);
        args[arg++] = Integer.toString(count);
        for (List<BucketRequest> profile : profiles) {
            args[arg++] = Integer.toString(profile.size());
            for (BucketRequest request : profile) {
                args[arg++] = Long.toString(request.capacityUnits());
                args[arg++] = Long.toString(request.refillUnitsPerMilli());
                args[arg++] = Long.toString(request.costUnits());
            }
        }
        int key = 0;
        for (int t = 0; t < takes.size(); t++) {
            Take take = takes.get(t);
            args[arg++] = Long.toString((take.nowMillis() - base) * count + profileOf[t]);
            for (BucketRequest request : take.requests()) {
                keys[key++] = request.key();
            }
        }
        return new TakeCall(takes, keys, args);
    }

    /** The profile equal to {@code requests} (same shapes and costs in the same order), or -1. */
    private static int indexOf(List<List<BucketRequest>> profiles, List<BucketRequest> requests) {
        for (int p = 0; p < profiles.size(); p++) {
            List<BucketRequest> profile = profiles.get(p);
            if (profile == requests) {
                return p;
            }
            if (profile.size() != requests.size()) {
                continue;
            }
            boolean same = true;
            for (int i = 0; i < requests.size() && same; i++) {
                BucketRequest a = profile.get(i);
                BucketRequest b = requests.get(i);
                same = a.capacityUnits() == b.capacityUnits() && a.refillUnitsPerMilli() == b.refillUnitsPerMilli()
                        && a.costUnits() == b.costUnits();
            }
            if (same) {
                return p;
            }
        }
        return -1;
    }

    /** The outcomes of the takes, in order, from the script's reply. */
    List<BucketOutcome> outcomes(List<Object> reply) {
        if (reply == null) {
            throw new IllegalStateException(AdmissionMessages.malformedScriptReply(null));
        }
        List<BucketOutcome> outcomes = new ArrayList<>(takes.size());
        int at = 0;
        for (Take take : takes) {
            List<BucketRequest> requests = take.requests();
            if (reply.size() <= at) {
                throw new IllegalStateException(AdmissionMessages.malformedScriptReply(reply));
            }
            boolean admitted = (Long) reply.get(at) >= 0;
            int width = admitted ? 1 : 2;
            if (reply.size() < at + width * requests.size()) {
                throw new IllegalStateException(AdmissionMessages.malformedScriptReply(reply));
            }
            List<KeyOutcome> keys = new ArrayList<>(requests.size());
            for (int i = 0; i < requests.size(); i++) {
                BucketRequest request = requests.get(i);
                long value = (Long) reply.get(at + width * i);
                keys.add(admitted ? new KeyOutcome(request.wholeTokens(value), 0)
                        : new KeyOutcome(request.wholeTokens(-1 - value), (Long) reply.get(at + width * i + 1)));
            }
            outcomes.add(new BucketOutcome(admitted, keys));
            at += width * requests.size();
        }
        if (reply.size() != at) {
            throw new IllegalStateException(AdmissionMessages.malformedScriptReply(reply));
        }
        return outcomes;
    }
}
