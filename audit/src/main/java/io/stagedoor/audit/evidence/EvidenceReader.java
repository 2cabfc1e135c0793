package io.stagedoor.audit.evidence;

import com.fasterxml.jackson.databind.ObjectReader;
import io.stagedoor.audit.AuditMessages;
import io.stagedoor.audit.AuditWindow;
import io.stagedoor.topics.AdmissionRecord;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.Headers;
import io.stagedoor.topics.PaymentOutcome;
import io.stagedoor.topics.ResultStatus;
import io.stagedoor.topics.SeatChange;
import io.stagedoor.topics.TopicNames;
import io.stagedoor.topics.PresaleRecord;
import io.stagedoor.topics.WaitingRoomRecord;
import io.stagedoor.topics.json.Json;
import io.stagedoor.topics.replay.RangeReader;
import io.stagedoor.topics.replay.ReplayProgress;
import io.stagedoor.topics.replay.ReplaySettings;
import io.stagedoor.topics.replay.TopicRange;
import io.stagedoor.topics.PaymentActions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Reads the topics of an audit window side by side, one replay reader per topic, and parses each record only as
 * far as a check needs it: the bulk topics (holds, checkouts, results, admissions) field by field with a streaming
 * parser, the rest bound to their record types, the payments topic for its void header alone. Records that cannot be parsed
 * are kept as {@link Unreadable}, never dropped.
 */
public final class EvidenceReader {

    private static final FieldReader REQUESTS = new FieldReader(List.of("correlationId", "eventId", "buyerId",
            "admittedAt"));
    private static final FieldReader RESULTS = new FieldReader(List.of("correlationId", "status", "acceptedAt",
            "decidedAt", "owner", "eventId", "holdId"));
    private static final FieldReader ADMISSIONS = new FieldReader(List.of("limit", "key", "outcome", "source",
            "cost", "remaining", "retryAfterSeconds", "capacity", "refillTokens", "refillPeriodMillis", "clockMillis",
            "route", "correlationId", "at", "count"));
    private static final ObjectReader SEAT_CHANGES = Json.mapper().readerFor(SeatChange.class);
    private static final ObjectReader OUTCOMES = Json.mapper().readerFor(PaymentOutcome.class);
    private static final ObjectReader WAITING_ROOM = Json.mapper().readerFor(WaitingRoomRecord.class);
    private static final ObjectReader PRESALE = Json.mapper().readerFor(PresaleRecord.class);
    private static final ObjectReader EVENTS = Json.mapper().readerFor(EventDefinition.class);

    private final ReplaySettings settings;
    private final TopicNames topics;
    private final ReplayProgress progress;

    public EvidenceReader(ReplaySettings settings, TopicNames topics, ReplayProgress progress) {
        this.settings = settings;
        this.topics = topics;
        this.progress = progress == null ? ReplayProgress.NONE : progress;
    }

    /** Reads every topic the checks need for {@code window}. */
    public Evidence read(AuditWindow window) {
        Instant from = window.from();
        Instant to = window.to();
        // One list per reader thread: holds and checkouts are merged once both reads have ended.
        List<Located<Request>> holds = new ArrayList<>();
        List<Located<Request>> checkouts = new ArrayList<>();
        List<Located<ResultSummary>> results = new ArrayList<>();
        List<Located<SeatChange>> seatChanges = new ArrayList<>();
        List<Located<PaymentOutcome>> outcomes = new ArrayList<>();
        List<Located<String>> voids = new ArrayList<>();
        List<Located<AdmissionRecord>> admissions = new ArrayList<>();
        List<Located<WaitingRoomRecord>> waitingRoom = new ArrayList<>();
        List<Located<EventDefinition>> events = new ArrayList<>();
        List<Located<PresaleRecord>> presale = new ArrayList<>();
        List<Reading> readings = List.of(
                new Reading(topics.holds(), from, to, (record, sink) ->
                        sink.add(holds, request(Request.HOLD, record), record)),
                new Reading(topics.checkouts(), from, to, (record, sink) ->
                        sink.add(checkouts, request(Request.CHECKOUT, record), record)),
                new Reading(topics.results(), window.readFrom(), window.readTo(), (record, sink) ->
                        sink.add(results, result(record), record)),
                new Reading(topics.seatChanges(), window.seatsFrom(), window.readTo(), (record, sink) ->
                        sink.add(seatChanges, parse(SEAT_CHANGES, record), record)),
                new Reading(topics.paymentOutcomes(), window.readFrom(), window.readTo(), (record, sink) ->
                        sink.add(outcomes, parse(OUTCOMES, record), record)),
                new Reading(topics.payments(), window.readFrom(), window.readTo(), (record, sink) -> {
                    if (PaymentActions.isVoid(record.headers())) {
                        sink.add(voids, correlationId(record), record);
                    }
                }),
                new Reading(topics.admissions(), from, to, (record, sink) ->
                        sink.add(admissions, admission(record), record)),
                new Reading(topics.waitingRoom(), from, to, (record, sink) ->
                        sink.add(waitingRoom, parse(WAITING_ROOM, record), record)),
                new Reading(topics.presale(), Instant.EPOCH, window.readTo(), (record, sink) ->
                        sink.add(presale, parse(PRESALE, record), record)),
                // Compacted and small: read whole, as the definitions in force in the window may be older than it.
                new Reading(topics.events(), Instant.EPOCH, window.readTo(), (record, sink) -> {
                    if (record.value() != null) {
                        sink.add(events, parse(EVENTS, record), record);
                    }
                }));
        long started = System.nanoTime();
        Map<String, Long> counts = new LinkedHashMap<>();
        List<Unreadable> unreadable = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(readings.size(), daemonThreads())) {
            List<Future<TopicSink>> futures = new ArrayList<>();
            for (Reading reading : readings) {
                futures.add(pool.submit(() -> readOne(reading)));
            }
            for (int i = 0; i < futures.size(); i++) {
                TopicSink sink = await(futures.get(i));
                counts.put(readings.get(i).topic(), sink.records);
                unreadable.addAll(sink.unreadable);
            }
        }
        ReadStats stats = ReadStats.of(counts, System.nanoTime() - started);
        List<Located<Request>> requests = new ArrayList<>(holds.size() + checkouts.size());
        requests.addAll(holds);
        requests.addAll(checkouts);
        return new Evidence(requests, results, seatChanges, outcomes, voids, admissions, waitingRoom, events,
                presale, unreadable, stats);
    }

    private TopicSink readOne(Reading reading) {
        TopicSink sink = new TopicSink();
        TopicRange range = new TopicRange(reading.topic(), reading.from(),
                reading.to().isBefore(reading.from()) ? reading.from() : reading.to());
        try (RangeReader reader = RangeReader.open(settings, range, progress)) {
            while (reader.hasNext()) {
                ConsumerRecord<byte[], byte[]> record = reader.next();
                sink.records++;
                try {
                    reading.parser().accept(record, sink);
                } catch (UnreadableRecord e) {
                    sink.unreadable.add(new Unreadable(RecordRef.of(record), e.getMessage()));
                }
            }
        }
        return sink;
    }

    private static TopicSink await(Future<TopicSink> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(AuditMessages.interruptedReading(), e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private static <T> T parse(ObjectReader reader, ConsumerRecord<byte[], byte[]> record) {
        try {
            return reader.readValue(value(record));
        } catch (IOException | RuntimeException e) {
            throw new UnreadableRecord(e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse(""));
        }
    }

    private static Request request(String kind, ConsumerRecord<byte[], byte[]> record) {
        try {
            String[] fields = REQUESTS.read(value(record));
            return new Request(kind, FieldReader.required(fields, 0, "correlationId"), fields[1], fields[2],
                    FieldReader.instant(fields[3]));
        } catch (IOException e) {
            throw new UnreadableRecord(e.getMessage());
        }
    }

    private static ResultSummary result(ConsumerRecord<byte[], byte[]> record) {
        try {
            String[] fields = RESULTS.read(value(record));
            return new ResultSummary(FieldReader.required(fields, 0, "correlationId"),
                    ResultStatus.fromWire(FieldReader.required(fields, 1, "status")), FieldReader.instant(fields[2]),
                    FieldReader.instant(fields[3]), fields[4], fields[5], fields[6]);
        } catch (IOException | IllegalArgumentException e) {
            throw new UnreadableRecord(e.getMessage());
        }
    }

    private static AdmissionRecord admission(ConsumerRecord<byte[], byte[]> record) {
        try {
            String[] f = ADMISSIONS.read(value(record));
            return new AdmissionRecord(FieldReader.required(f, 0, "limit"), FieldReader.required(f, 1, "key"),
                    FieldReader.required(f, 2, "outcome"), f[3], FieldReader.number(f[4], 1),
                    FieldReader.number(f[5], 0), FieldReader.number(f[6], 0), FieldReader.number(f[7], 0),
                    FieldReader.number(f[8], 0), FieldReader.number(f[9], 0), FieldReader.number(f[10], 0), f[11],
                    f[12], FieldReader.instant(f[13]), FieldReader.number(f[14], 1));
        } catch (IOException e) {
            throw new UnreadableRecord(e.getMessage());
        }
    }

    private static byte[] value(ConsumerRecord<byte[], byte[]> record) {
        if (record.value() == null) {
            throw new UnreadableRecord(AuditMessages.tombstone());
        }
        return record.value();
    }

    private static String correlationId(ConsumerRecord<byte[], byte[]> record) {
        String header = Headers.correlationId(record.headers());
        if (header != null) {
            return header;
        }
        if (record.key() == null) {
            throw new UnreadableRecord(AuditMessages.voidWithoutKey());
        }
        return new String(record.key(), StandardCharsets.UTF_8);
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        return Thread.ofPlatform().name("audit-reader-", 0).daemon(true).factory();
    }

    /** One topic to read over one span, and what to do with each record. */
    private record Reading(String topic, Instant from, Instant to,
                           BiConsumer<ConsumerRecord<byte[], byte[]>, TopicSink> parser) {
    }

    /** What one reader thread collected; it owns its lists until the read ends. */
    private static final class TopicSink {

        private long records;
        private final List<Unreadable> unreadable = new ArrayList<>();

        <T> void add(List<Located<T>> list, T value, ConsumerRecord<byte[], byte[]> record) {
            list.add(new Located<>(value, RecordRef.of(record)));
        }
    }

    /** A record that cannot be parsed; caught per record. */
    private static final class UnreadableRecord extends RuntimeException {

        private static final long serialVersionUID = 1L;

        UnreadableRecord(String message) {
            super(message, null, false, false);
        }
    }
}
