package io.stagedoor.harness;

/**
 * The line each serve command prints to standard output once its part answers, and the way a parent process
 * recognises it: {@code "<part> ready on 127.0.0.1:<port>"}.
 */
public final class ReadyLine {

    /** What every ready line contains. */
    public static final String MARKER = " ready on ";

    private ReadyLine() {
    }

    /** Prints the ready line of {@code part} on {@code port} and flushes it (the parent may be reading a file). */
    public static void print(String part, int port) {
        System.out.println(part + MARKER + "127.0.0.1:" + port);
        System.out.flush();
    }

    /** Blocks the calling thread until the JVM is asked to stop; the parts stop in their shutdown hooks. */
    public static void awaitStop() throws InterruptedException {
        new java.util.concurrent.CountDownLatch(1).await();
    }
}
