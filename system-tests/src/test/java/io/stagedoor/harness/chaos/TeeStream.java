package io.stagedoor.harness.chaos;

import java.io.IOException;
import java.io.OutputStream;

/** Writes to two streams: a chaos test keeps the report for its assertion messages and shows it in its output. */
final class TeeStream extends OutputStream {

    private final OutputStream first;
    private final OutputStream second;

    TeeStream(OutputStream first, OutputStream second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public void write(int b) throws IOException {
        first.write(b);
        second.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        first.write(b, off, len);
        second.write(b, off, len);
    }
}
