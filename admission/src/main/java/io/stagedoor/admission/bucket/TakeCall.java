package io.stagedoor.admission.bucket;

import io.lettuce.core.protocol.CommandArgs;
import io.stagedoor.admission.AdmissionMessages;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The arguments of one {@code bucket.lua} call for some takes, and the decoding of its reply (the layout is in the
 * script's header). Takes of a call mostly share their shapes and their clock, so each distinct profile (the shapes
 * and costs of a take's keys, in order) is sent once per call and each take sends one number: its clock's offset
 * from the call's earliest clock times the number of profiles, plus its profile. Each take keeps its own clock,
 * exactly.
 */
final class TakeCall implements LuaScript.Arguments {

    /** Lua numbers are doubles: every integer below this one is exact. */
    private static final long EXACT = 1L << 53;

    private final List<Take> takes;
    private final String[] keys;
    private final long[] values;

    private TakeCall(List<Take> takes, String[] keys, long[] values) {
        this.takes = takes;
        this.keys = keys;
        this.values = values;
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
        long[] values = new long[2 + profiles.size() + 3 * shapeCount + takes.size()];
        int value = 0;
        values[value++] = base;
        values[value++] = count;
        for (List<BucketRequest> profile : profiles) {
            values[value++] = profile.size();
            for (BucketRequest request : profile) {
                values[value++] = request.capacityUnits();
                values[value++] = request.refillUnitsPerMilli();
                values[value++] = request.costUnits();
            }
        }
        int key = 0;
        for (int t = 0; t < takes.size(); t++) {
            Take take = takes.get(t);
            values[value++] = (take.nowMillis() - base) * count + profileOf[t];
            for (BucketRequest request : take.requests()) {
                keys[key++] = request.key();
            }
        }
        return new TakeCall(takes, keys, values);
    }

    @Override
    public void addTo(CommandArgs<String, String> args) {
        args.add(keys.length).addKeys(keys);
        for (long value : values) {
            args.add(value);
        }
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

    /** The outcomes of the takes, in order, from the script's reply (null when it was not an array of integers). */
    List<BucketOutcome> outcomes(long[] reply) {
        if (reply == null) {
            throw new IllegalStateException(AdmissionMessages.malformedScriptReply(null));
        }
        List<BucketOutcome> outcomes = new ArrayList<>(takes.size());
        int at = 0;
        for (Take take : takes) {
            List<BucketRequest> requests = take.requests();
            boolean admitted = at < reply.length && reply[at] >= 0;
            int width = admitted ? 1 : 2;
            if (reply.length < at + width * requests.size()) {
                throw new IllegalStateException(AdmissionMessages.malformedScriptReply(Arrays.toString(reply)));
            }
            List<KeyOutcome> keys = new ArrayList<>(requests.size());
            for (int i = 0; i < requests.size(); i++) {
                BucketRequest request = requests.get(i);
                long value = reply[at + width * i];
                keys.add(admitted ? new KeyOutcome(request.wholeTokens(value), 0)
                        : new KeyOutcome(request.wholeTokens(-1 - value), reply[at + width * i + 1]));
            }
            outcomes.add(new BucketOutcome(admitted, keys));
            at += width * requests.size();
        }
        if (reply.length != at) {
            throw new IllegalStateException(AdmissionMessages.malformedScriptReply(Arrays.toString(reply)));
        }
        return outcomes;
    }
}
