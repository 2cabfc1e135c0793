package io.stagedoor.admission.redis;

import io.lettuce.core.RedisConnectionException;

/**
 * Redis could not be used when the process started: unreachable, or it refused the credentials. The message names
 * the endpoint with its password masked and says which; it is a {@link RedisConnectionException}, so callers that
 * handled Lettuce's own keep working.
 */
public final class RedisStartFailure extends RedisConnectionException {

    private static final long serialVersionUID = 1L;

    RedisStartFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
