/**
 * Reading a running ingress's meters from another process: its admin listener's {@code GET /metrics}
 * (Prometheus text) fetched and parsed into the series of each meter, named as Micrometer names them.
 */
package io.stagedoor.harness.scrape;
