package io.stagedoor.config;

import io.stagedoor.admission.AdmissionMessages;
import io.stagedoor.admission.limit.Limit;
import io.stagedoor.admission.limit.LimitDeclaration;
import io.stagedoor.admission.limit.LimitedRoute;
import io.stagedoor.admission.limit.Limits;
import io.stagedoor.admission.redis.RedisEndpoint;
import io.stagedoor.ingress.IngressSettings;
import io.stagedoor.topics.TopicSettings;
import io.stagedoor.topics.connection.KafkaConnection;
import io.stagedoor.workers.WorkerSettings;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The effective configuration: every setting's default from the code, overridden by a properties file, then by
 * {@code STAGEDOOR_*} environment variables, then by {@code --set key=value} flags. Unknown keys and bad values
 * are refused with a message that names them. A {@code limits.<name>} key declares a limit, or changes a shipped
 * one ({@link LimitDeclaration}); a new limit is declared in the file or by a flag (an environment variable's name
 * cannot say where the limit's name ends), a shipped one anywhere.
 *
 * <p>Keys {@value #KAFKA_CLIENT_PREFIX}{@code <property>} (in the file or as {@code --set}) pass one Kafka client
 * property to every Kafka client, over what the {@code kafka.client-config} file says; they are never printed, as
 * they may hold secrets. The bootstrap servers come from {@code --kafka} alone and win over a
 * {@code bootstrap.servers} in the client properties.
 */
public final class StagedoorConfig {

    /** Where a value came from. */
    public enum Source { DEFAULT, FILE, ENVIRONMENT, FLAG }

    /** One setting's effective value. */
    public record Value(String key, String value, Source source, String description) {
    }

    /** The prefix of keys that pass one Kafka client property through. */
    public static final String KAFKA_CLIENT_PREFIX = "kafka.client.";

    private final Map<String, Value> values;
    private final Settings settings = new Settings();
    private final Map<String, String> kafkaClient;

    private StagedoorConfig(Map<String, Value> values, Map<String, String> kafkaClientOverrides) {
        this.values = values;
        oneWayOfGiving(Catalog.TOKEN_SECRET, Catalog.TOKEN_SECRET_FILE);
        oneWayOfGiving(Catalog.ADMIN_KEY, Catalog.ADMIN_KEY_FILE);
        for (Setting setting : Catalog.all()) {
            Value value = values.get(setting.key());
            try {
                setting.apply().accept(settings, value.value());
            } catch (RuntimeException e) {
                String given = maskedUris(value.value());
                throw new IllegalArgumentException(ConfigMessages.badValue(setting.key(), value.source(), given,
                        maskedUris(String.valueOf(e.getMessage()).replace(value.value(), given))), e);
            }
        }
        declareLimits();
        Map<String, String> client = new TreeMap<>(settings.kafkaClient);
        client.putAll(kafkaClientOverrides);
        this.kafkaClient = Map.copyOf(client);
        settings.ingress.limits(settings.limits);
        IngressSettings ingress = settings.ingress.build();
        seatsPerHoldWithinTheSeatLimits(ingress);
    }

    /**
     * Each {@code limits.<name>} key given declares or changes that limit; its listed description becomes what the
     * effective declaration does.
     */
    private void declareLimits() {
        for (Value value : List.copyOf(values.values())) {
            if (!value.key().startsWith(Limits.PREFIX)) {
                continue;
            }
            String name = value.key().substring(Limits.PREFIX.length());
            if (value.source() != Source.DEFAULT) {
                try {
                    settings.limits = settings.limits.declare(name, value.value());
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException(ConfigMessages.badValue(value.key(), value.source(),
                            value.value(), e.getMessage()), e);
                }
            }
            values.put(value.key(), new Value(value.key(), value.value(), value.source(),
                    LimitDeclaration.describe(settings.limits.limit(name))));
        }
    }

    /** A hold of the most seats the ingress allows must fit each limit that costs a token per seat, or none would. */
    private void seatsPerHoldWithinTheSeatLimits(IngressSettings ingress) {
        int most = ingress.bounds().maxSeatsPerHold();
        for (Limit limit : settings.limits.on(LimitedRoute.HOLDS)) {
            if (limit.cost().perSeat() && limit.policy().capacity() < most) {
                throw new IllegalArgumentException(ConfigMessages.seatsPerHoldAboveLimit(most, limit.name(),
                        limit.policy().capacity()));
            }
        }
    }

    /** A secret comes from its setting or from its file, never both: which one would win is not for a reader to guess. */
    private void oneWayOfGiving(String secret, String file) {
        if (values.get(secret).source() != Source.DEFAULT && !values.get(file).value().isBlank()) {
            throw new IllegalArgumentException(ConfigMessages.secretGivenTwice(secret, file));
        }
    }

    /**
     * @param file       a properties file, or null
     * @param environment the process environment
     * @param flags       {@code key=value} overrides from the command line
     */
    public static StagedoorConfig load(Path file, Map<String, String> environment, List<String> flags) {
        Map<String, Value> values = new LinkedHashMap<>();
        Map<String, String> kafkaClient = new TreeMap<>();
        Catalog.all().forEach(s -> values.put(s.key(), new Value(s.key(), s.defaultValue(), Source.DEFAULT, s.description())));
        for (Limit limit : Limits.defaults().all()) {
            String key = Limits.PREFIX + limit.name();
            values.put(key, new Value(key, LimitDeclaration.write(limit), Source.DEFAULT,
                    LimitDeclaration.describe(limit)));
        }
        if (file != null) {
            readFile(file).forEach((key, value) -> put(values, kafkaClient, key, value, Source.FILE));
        }
        for (String key : List.copyOf(values.keySet())) {
            String value = environment.get(Setting.environmentVariable(key));
            if (value != null) {
                put(values, key, value, Source.ENVIRONMENT);
            }
        }
        for (String flag : flags) {
            int equals = flag.indexOf('=');
            if (equals < 1) {
                throw new IllegalArgumentException(ConfigMessages.flagNotKeyValue(flag));
            }
            put(values, kafkaClient, flag.substring(0, equals).trim(), flag.substring(equals + 1).trim(), Source.FLAG);
        }
        return new StagedoorConfig(values, kafkaClient);
    }

    /** The defaults alone. */
    public static StagedoorConfig defaults() {
        return load(null, Map.of(), List.of());
    }

    private static void put(Map<String, Value> values, Map<String, String> kafkaClient, String key, String value,
                            Source source) {
        if (key.startsWith(KAFKA_CLIENT_PREFIX) && key.length() > KAFKA_CLIENT_PREFIX.length()) {
            kafkaClient.put(key.substring(KAFKA_CLIENT_PREFIX.length()), value);
            return;
        }
        put(values, key, value, source);
    }

    private static void put(Map<String, Value> values, String key, String value, Source source) {
        Value known = values.get(key);
        if (known == null && key.startsWith(Limits.PREFIX)) {
            known = new Value(key, "", Source.DEFAULT, ""); // a new limit, described once it is read
        }
        if (known == null) {
            throw new IllegalArgumentException(ConfigMessages.unknownSetting(key));
        }
        values.put(key, new Value(key, value, source, known.description()));
    }

    private static Map<String, String> readFile(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(ConfigMessages.cannotReadConfiguration(file), e);
        }
        Map<String, String> read = new LinkedHashMap<>();
        properties.stringPropertyNames().stream().sorted().forEach(key -> read.put(key, properties.getProperty(key)));
        return read;
    }

    /** The ingress settings against {@code kafka}, with the configured limits. */
    public IngressSettings.Builder ingress(String kafka) {
        IngressSettings configured = settings.ingress.build();
        return configured.toBuilder().kafkaBootstrap(kafka).kafkaClient(kafkaClient);
    }

    /** The worker settings, with the configured Kafka client properties. */
    public WorkerSettings workers() {
        return settings.workers.withKafkaClient(kafkaClient);
    }

    /** The Kafka client properties: the {@code kafka.client-config} file's, then the {@code kafka.client.*} keys. */
    public Map<String, String> kafkaClient() {
        return kafkaClient;
    }

    /** {@code bootstrapServers} with the configured Kafka client properties. */
    public KafkaConnection kafka(String bootstrapServers) {
        return new KafkaConnection(bootstrapServers, kafkaClient);
    }

    public TopicSettings topics() {
        return settings.topics;
    }

    public Limits limits() {
        return settings.limits;
    }

    /** Every setting with its effective value and where it came from, in catalog order. */
    public List<Value> values() {
        return List.copyOf(values.values());
    }

    /**
     * A secret given by the operator is shown as its length alone; the published development defaults as they are;
     * any other value with the password of every URI in it masked (a Redis Cluster's first node carries the ACL
     * user's password).
     */
    private static String shown(Value value) {
        boolean secret = Catalog.all().stream().anyMatch(s -> s.key().equals(value.key()) && s.secret());
        return secret && value.source() != Source.DEFAULT
                ? "<secret, " + value.value().getBytes(java.nio.charset.StandardCharsets.UTF_8).length + " bytes>"
                : maskedUris(value.value());
    }

    /** {@code value} with the password of each comma-separated URI in it replaced by {@code ***}. */
    static String maskedUris(String value) {
        if (value == null || !value.contains("@")) {
            return value;
        }
        String[] parts = value.split(",", -1);
        for (int i = 0; i < parts.length; i++) {
            parts[i] = RedisEndpoint.mask(parts[i]);
        }
        return String.join(",", parts);
    }

    /** The configuration as a documented properties file; secrets other than the development defaults masked. */
    public String asProperties(boolean withSources) {
        StringBuilder text = new StringBuilder("# Stagedoor configuration. Every key with its ")
                .append(withSources ? "effective value and where it came from" : "default")
                .append(".\n# Override with a file (--config FILE), STAGEDOOR_* environment variables, or --set key=value.\n");
        boolean limitsHeaded = false;
        for (Value value : values.values()) {
            if (!limitsHeaded && value.key().startsWith(Limits.PREFIX)) {
                limitsHeaded = true;
                text.append("\n# Limits: one line declares one, or changes a shipped one (docs/concepts.md, \"Limits\"):\n# ")
                        .append(Limits.PREFIX).append("<name>=").append(AdmissionMessages.LIMIT_GRAMMAR).append('\n');
            }
            text.append("\n# ").append(value.description());
            if (withSources) {
                text.append(" [").append(value.source().name().toLowerCase(java.util.Locale.ROOT)).append(']');
            }
            text.append('\n').append(value.key()).append('=').append(shown(value)).append('\n');
        }
        return text.toString();
    }
}
