package io.stagedoor.harness.chaos;

import java.util.Map;

/**
 * One request the service must refuse with a problem: what it is, where it goes and what it carries.
 *
 * @param kind    what is wrong with it (malformed, oversized, wrongly typed, wrongly encoded, forged, wrong method)
 * @param method  the HTTP method
 * @param path    the path and query, already encoded
 * @param headers headers to send (the JDK client sets Host and Content-Length itself)
 * @param body    the body, empty for none
 */
record BadRequest(String kind, String method, String path, Map<String, String> headers, byte[] body) {
}
