package io.stagedoor.admission.bucket;

import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.CommandOutput;

import java.nio.ByteBuffer;

/**
 * Reads the bucket script's reply, a flat array of integers, straight into a {@code long[]}: no list and no boxed
 * number per value. Anything else (a nested array, a string, nil) leaves it null, which the caller reports as a
 * malformed reply.
 */
final class ScriptReply extends CommandOutput<String, String, long[]> {

    private int filled;
    private boolean malformed;

    ScriptReply() {
        super(StringCodec.UTF8, null);
    }

    @Override
    public void multi(int count) {
        if (output != null || count < 0) {
            malformed = true;
        } else {
            output = new long[count];
        }
    }

    @Override
    public void set(long integer) {
        if (output == null || filled == output.length) {
            malformed = true;
        } else {
            output[filled++] = integer;
        }
    }

    @Override
    public void set(ByteBuffer bytes) {
        malformed = true;
    }

    @Override
    public long[] get() {
        return malformed || output == null || filled != output.length ? null : output;
    }
}
