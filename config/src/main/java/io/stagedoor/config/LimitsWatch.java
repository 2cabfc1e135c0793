package io.stagedoor.config;

import io.stagedoor.admission.limit.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the configuration file and applies its limits without a restart: when the file changes, the whole
 * configuration is read again as at start ({@code load}); if it is valid and its {@code limits.*} lines changed, the
 * new limits go to {@code apply}. Every other setting takes effect at the next start, and a change to one is logged
 * as waiting for it. A file that no longer reads (a bad line, a seat limit below the per-hold cap) changes nothing:
 * the limits in force stay, and the refusal is logged. One daemon thread polls the file's modification time.
 */
public final class LimitsWatch implements AutoCloseable {

    /** How often the file's modification time is read. */
    public static final Duration EVERY = Duration.ofSeconds(1);
    private static final Logger LOG = LoggerFactory.getLogger(LimitsWatch.class);

    private final Path file;
    private final Supplier<StagedoorConfig> load;
    private final Consumer<Limits> apply;
    private final ScheduledExecutorService poller;
    private FileTime seen;
    private Map<String, String> applied;

    private LimitsWatch(Path file, StagedoorConfig initial, Supplier<StagedoorConfig> load, Consumer<Limits> apply,
                        Duration every) {
        this.file = Objects.requireNonNull(file, "file");
        this.load = load;
        this.apply = apply;
        this.applied = values(initial);
        this.seen = modified();
        this.poller = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "limits-watch");
            thread.setDaemon(true);
            return thread;
        });
        poller.scheduleWithFixedDelay(this::check, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Starts watching {@code file}, whose configuration {@code initial} is in force.
     *
     * @param load  reads the configuration again, as at start (file, environment, flags)
     * @param apply takes the new limits
     */
    public static LimitsWatch start(Path file, StagedoorConfig initial, Supplier<StagedoorConfig> load,
                                    Consumer<Limits> apply) {
        return start(file, initial, load, apply, EVERY);
    }

    static LimitsWatch start(Path file, StagedoorConfig initial, Supplier<StagedoorConfig> load,
                             Consumer<Limits> apply, Duration every) {
        return new LimitsWatch(file, initial, load, apply, every);
    }

    /** Reads the file again if it changed since last seen; applies its limits if they changed. */
    void check() {
        FileTime modified = modified();
        if (Objects.equals(modified, seen)) {
            return;
        }
        seen = modified;
        StagedoorConfig next;
        try {
            next = load.get();
        } catch (RuntimeException refused) {
            LOG.error(ConfigMessages.reloadRefused(file, refused.getMessage()));
            return;
        }
        Map<String, String> values = values(next);
        List<String> limits = changed(values, true);
        List<String> others = changed(values, false);
        if (!limits.isEmpty()) {
            apply.accept(next.limits());
            LOG.info(ConfigMessages.limitsReloaded(file, limits));
        }
        if (!others.isEmpty()) {
            LOG.warn(ConfigMessages.settingsAwaitRestart(file, others));
        }
        applied = values;
    }

    /** The keys whose value differs from what was applied: of the limits, or of every other setting. */
    private List<String> changed(Map<String, String> values, boolean ofLimits) {
        TreeMap<String, String> keys = new TreeMap<>(applied);
        keys.putAll(values);
        return keys.keySet().stream().filter(key -> key.startsWith(Limits.PREFIX) == ofLimits)
                .filter(key -> !Objects.equals(applied.get(key), values.get(key))).toList();
    }

    private static Map<String, String> values(StagedoorConfig config) {
        Map<String, String> values = new TreeMap<>();
        config.values().forEach(value -> values.put(value.key(), value.value()));
        return values;
    }

    private FileTime modified() {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException gone) {
            return null;
        }
    }

    @Override
    public void close() {
        poller.shutdownNow();
    }
}
