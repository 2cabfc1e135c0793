/**
 * The ingress benchmark (issue 4): what a refused hold (429, refusal cache cold and warm) and an admitted,
 * published hold cost the server, against a bare Jersey route of the same server in the same run.
 */
package io.stagedoor.bench.ingress;
