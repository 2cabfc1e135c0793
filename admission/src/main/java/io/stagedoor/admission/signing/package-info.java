/** HMAC-SHA256 keys derived from the secret every instance shares, one per purpose, and MACs keyed once per thread. */
package io.stagedoor.admission.signing;
