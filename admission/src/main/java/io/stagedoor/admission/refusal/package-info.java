/**
 * Remembers recent refusals so a client that ignores Retry-After costs this instance no Redis round trip.
 */
package io.stagedoor.admission.refusal;
