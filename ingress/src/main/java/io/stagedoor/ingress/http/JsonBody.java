package io.stagedoor.ingress.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Reads a bounded JSON request body into a record. A body over the limit is refused as 413 before it is parsed;
 * malformed or mistyped JSON is a 400 problem that says what was wrong.
 */
public final class JsonBody {

    private final ObjectMapper mapper;
    private final int limitBytes;

    public JsonBody(ObjectMapper mapper, int limitBytes) {
        this.mapper = mapper;
        this.limitBytes = limitBytes;
    }

    /** The body as {@code type}; never null. */
    public <T> T read(InputStream body, Class<T> type) {
        return read(bounded(body), type);
    }

    /** The body's bytes, bounded as {@link #read(InputStream, Class)} bounds them (413 past the limit). */
    public byte[] bytes(InputStream body) {
        return bounded(body);
    }

    /** A whole body, already read, as {@code type}; never null. */
    public <T> T read(byte[] bytes, Class<T> type) {
        if (bytes.length > limitBytes) {
            throw ProblemException.of(ProblemType.PAYLOAD_TOO_LARGE, IngressMessages.bodyTooLarge(limitBytes));
        }
        if (bytes.length == 0) {
            throw ProblemException.of(ProblemType.BAD_REQUEST, IngressMessages.BODY_MISSING);
        }
        try {
            T value = mapper.readValue(bytes, type);
            if (value == null) {
                throw ProblemException.of(ProblemType.BAD_REQUEST, IngressMessages.BODY_MISSING);
            }
            return value;
        } catch (MismatchedInputException e) {
            throw ProblemException.of(ProblemType.BAD_REQUEST, IngressMessages.malformedJson(describe(e)));
        } catch (JsonProcessingException e) {
            throw ProblemException.of(ProblemType.BAD_REQUEST, IngressMessages.malformedJson(e.getOriginalMessage()));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw ProblemException.of(ProblemType.BAD_REQUEST, IngressMessages.malformedJson(String.valueOf(e.getMessage())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The largest body read. */
    public int limitBytes() {
        return limitBytes;
    }

    private byte[] bounded(InputStream body) {
        if (body == null) {
            return new byte[0];
        }
        try {
            byte[] bytes = body.readNBytes(limitBytes + 1);
            if (bytes.length > limitBytes) {
                throw ProblemException.of(ProblemType.PAYLOAD_TOO_LARGE, IngressMessages.bodyTooLarge(limitBytes));
            }
            return bytes;
        } catch (IOException e) {
            throw ProblemException.of(ProblemType.BAD_REQUEST, IngressMessages.malformedJson("the body could not be read"));
        }
    }

    private static String describe(MismatchedInputException e) {
        String path = e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .reduce((a, b) -> a + "." + b).orElse("body");
        return "'" + path + "' has the wrong type or shape";
    }
}
