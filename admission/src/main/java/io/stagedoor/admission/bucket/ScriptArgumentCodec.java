package io.stagedoor.admission.bucket;

import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Encodes a script call's keys and string arguments as UTF-8 with {@link String#getBytes}, which copies an ASCII
 * string's bytes in one vectorised step. Lettuce's {@link StringCodec} writes each key through a pooled scratch
 * buffer, one character at a time, then copies it again, on the Lettuce I/O thread, the thread that decides how
 * many takes per second one connection carries (the profile is in bench/RESULTS.md).
 * Decoding is {@link StringCodec}'s; cluster routing still finds the first key, which this codec encodes too.
 */
final class ScriptArgumentCodec implements RedisCodec<String, String> {

    static final ScriptArgumentCodec UTF8 = new ScriptArgumentCodec();

    private ScriptArgumentCodec() {
    }

    @Override
    public String decodeKey(ByteBuffer bytes) {
        return StringCodec.UTF8.decodeKey(bytes);
    }

    @Override
    public String decodeValue(ByteBuffer bytes) {
        return StringCodec.UTF8.decodeValue(bytes);
    }

    @Override
    public ByteBuffer encodeKey(String key) {
        return utf8(key);
    }

    @Override
    public ByteBuffer encodeValue(String value) {
        return utf8(value);
    }

    private static ByteBuffer utf8(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    }
}
