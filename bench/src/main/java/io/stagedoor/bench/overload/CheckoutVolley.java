package io.stagedoor.bench.overload;

import io.stagedoor.bench.load.BenchPipeline;
import io.stagedoor.harness.load.Percentiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/**
 * Issue 35's volley: {@value #CHECKOUTS} checkouts of live holds, one per buyer, sent at one instant, each on a
 * connection of its own opened beforehand, with as many {@code GET /health/live} (the bare route) sent at the same
 * instant the same way. The bound lets 20 in (each payment takes 500 ms); the rest are shed. Prints how many were
 * accepted and shed, how many sheds said {@code Retry-After: 2}, and the sheds' p99 against the bare route's p99 in
 * the same volley (the target is at most 1.5×), both timed from the instant to the last byte of the answer.
 */
final class CheckoutVolley {

    static final int CHECKOUTS = 200;
    private static final String BODY = "{\"paymentToken\":\"tok_ok\"}";

    private final BenchPipeline pipeline;
    private final HoldPool pool;

    CheckoutVolley(BenchPipeline pipeline, HoldPool pool) {
        this.pipeline = pipeline;
        this.pool = pool;
    }

    /** One volley; returns the shed p99 over the bare p99. */
    double fire(int round) throws Exception {
        List<PayableHold> holds = new ArrayList<>();
        for (int i = 0; i < CHECKOUTS; i++) {
            PayableHold hold = pool.take();
            if (hold == null) {
                throw new IllegalStateException("the hold pool ran out: raise --holds");
            }
            holds.add(hold);
        }
        List<Call> calls = new ArrayList<>();
        for (PayableHold hold : holds) {
            calls.add(new Call(hold, request("POST /v1/holds/" + hold.holdId() + "/checkout", hold.buyerToken(), BODY)));
        }
        for (int i = 0; i < CHECKOUTS; i++) {
            calls.add(new Call(null, request("GET /health/live", null, null)));
        }
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Answer>> answers = new ArrayList<>();
        // platform threads: the driver shares this JVM with the ingress, whose own virtual threads must not wait
        // behind the driver's on the same carriers (nor the driver's behind the ingress's)
        try (ExecutorService threads = Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory())) {
            for (Call call : calls) {
                Socket socket = new Socket(BenchPipeline.HOST, pipeline.port());
                socket.setSoTimeout(30_000);
                answers.add(threads.submit(() -> call.send(socket, go)));
            }
            Thread.sleep(200); // every caller parked on the latch, its socket open
            go.countDown();
        }
        Histogram shed = new Histogram(3);
        Histogram bare = new Histogram(3);
        int accepted = 0;
        int sheds = 0;
        int twoSeconds = 0;
        for (int i = 0; i < calls.size(); i++) {
            Answer answer = answers.get(i).get();
            PayableHold hold = calls.get(i).hold;
            if (hold == null) {
                bare.recordValue(answer.micros);
            } else if (answer.status == 202) {
                accepted++;
            } else {
                sheds++;
                shed.recordValue(answer.micros);
                twoSeconds += "2".equals(answer.retryAfter) ? 1 : 0;
                pool.giveBack(hold);
            }
        }
        double ratio = Percentiles.millis(shed, 99) / Percentiles.millis(bare, 99);
        System.out.printf(Locale.ROOT, "volley %d: %d checkouts at once: %d accepted, %d shed (%d with Retry-After: 2);"
                + " shed %s | bare route %s; shed p99 / bare p99 %.2f (target <= 1.5)%n", round, CHECKOUTS, accepted,
                sheds, twoSeconds, Percentiles.summary(shed), Percentiles.summary(bare), ratio);
        pipeline.results().awaitAll(Duration.ofSeconds(15));
        return ratio;
    }

    private static byte[] request(String line, String token, String json) {
        StringBuilder head = new StringBuilder(line).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
        if (token != null) {
            head.append("Authorization: Bearer ").append(token).append("\r\n");
        }
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        if (json != null) {
            head.append("Content-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n");
        }
        byte[] headBytes = head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII);
        byte[] whole = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, whole, 0, headBytes.length);
        System.arraycopy(body, 0, whole, headBytes.length, body.length);
        return whole;
    }

    /** One request of the volley: a checkout of {@code hold}, or the bare route when it is null. */
    private record Call(PayableHold hold, byte[] request) {

        Answer send(Socket socket, CountDownLatch go) throws IOException, InterruptedException {
            try (socket) {
                go.await();
                long start = System.nanoTime();
                socket.getOutputStream().write(request);
                socket.getOutputStream().flush();
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.ISO_8859_1));
                int status = Integer.parseInt(in.readLine().split(" ")[1]);
                String retryAfter = null;
                int length = 0;
                for (String header = in.readLine(); header != null && !header.isEmpty(); header = in.readLine()) {
                    String lower = header.toLowerCase(Locale.ROOT);
                    if (lower.startsWith("retry-after:")) {
                        retryAfter = header.substring(header.indexOf(':') + 1).trim();
                    } else if (lower.startsWith("content-length:")) {
                        length = Integer.parseInt(header.substring(header.indexOf(':') + 1).trim());
                    }
                }
                for (int read = 0; read < length && in.read() >= 0; read++) {
                    // the body's last byte ends the exchange
                }
                return new Answer(status, retryAfter, Math.max(1, (System.nanoTime() - start) / 1_000));
            }
        }
    }

    private record Answer(int status, String retryAfter, long micros) {
    }
}
