package io.stagedoor.ingress.scans;

/**
 * The body of {@code POST /v1/scans}.
 *
 * @param ticket the ticket id printed on the ticket
 */
public record ScanBody(String ticket) {
}
