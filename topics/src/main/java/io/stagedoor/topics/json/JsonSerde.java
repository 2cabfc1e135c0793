package io.stagedoor.topics.json;

import io.stagedoor.topics.TopicsMessages;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A Kafka serde for one record type, as versioned JSON. A record that cannot be read raises Kafka's
 * {@link SerializationException}, which consumers treat as a poison record.
 *
 * @param <T> the record type
 */
public final class JsonSerde<T> implements Serde<T>, Serializer<T>, Deserializer<T> {

    private final Class<T> type;

    private JsonSerde(Class<T> type) {
        this.type = type;
    }

    /** The serde of a record type. */
    public static <T> JsonSerde<T> of(Class<T> type) {
        return new JsonSerde<>(type);
    }

    @Override
    public byte[] serialize(String topic, T data) {
        return data == null ? null : Json.write(data);
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        try {
            return Json.read(data, type);
        } catch (RuntimeException e) {
            throw new SerializationException(TopicsMessages.unreadableRecord(type, topic), e);
        }
    }

    @Override
    public Serializer<T> serializer() {
        return this;
    }

    @Override
    public Deserializer<T> deserializer() {
        return this;
    }

    @Override
    public void configure(java.util.Map<String, ?> configs, boolean isKey) {
        // nothing to configure; Serde, Serializer and Deserializer each declare configure()
    }

    @Override
    public void close() {
        // nothing to release; Serde, Serializer and Deserializer each declare close()
    }
}
