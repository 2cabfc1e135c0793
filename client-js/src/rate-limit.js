// The RateLimit and RateLimit-Policy fields (draft-ietf-httpapi-ratelimit-headers-10): structured-field lists
// (RFC 9651) such as `"buyer-seats";r=8;t=6` and `"buyer-seats";q=10;w=60`, read with a maintained parser rather
// than by hand, so quoting, parameters and several limits in one field are read as the RFC says.

import { parseList, Token } from 'structured-headers';

/**
 * The tightest limit after a request, as the service reports it.
 * @typedef {object} RateLimit
 * @property {string} policy          the limit's name ('' when only X-RateLimit-Remaining was sent)
 * @property {number} remaining       units left (`r`)
 * @property {number} [resetSeconds]  seconds until at least one more unit (`t`, as draft-10 has it; a service set to
 *                                    draft-09 means until the quota is full again)
 * @property {number} [quota]         the policy's quota (`q`)
 * @property {number} [windowSeconds] the policy's window (`w`)
 */

/**
 * The limit with the fewest units left in `RateLimit`, completed by the `RateLimit-Policy` item of the same name;
 * else `X-RateLimit-Remaining` alone; else undefined. An unreadable field is ignored, never thrown.
 * @param {{ get(name: string): string | null }} headers
 * @returns {RateLimit | undefined}
 */
export function parseRateLimit(headers) {
  const limits = items(headers.get('RateLimit'))
    .map((item) => ({ ...item, r: item.params.get('r') }))
    .filter(/** @returns {item is { name: string, params: Map<string, unknown>, r: number }} */
      (item) => Number.isInteger(item.r));
  if (limits.length > 0) {
    const tightest = limits.reduce((a, b) => (b.r < a.r ? b : a));
    const policy = items(headers.get('RateLimit-Policy')).find(({ name }) => name === tightest.name);
    /** @type {RateLimit} */
    const limit = { policy: tightest.name, remaining: tightest.r };
    setNumber(limit, 'resetSeconds', tightest.params.get('t'));
    setNumber(limit, 'quota', policy && policy.params.get('q'));
    setNumber(limit, 'windowSeconds', policy && policy.params.get('w'));
    return limit;
  }
  const legacy = headers.get('X-RateLimit-Remaining');
  if (legacy != null && /^\s*\d{1,15}\s*$/.test(legacy)) return { policy: '', remaining: Number(legacy.trim()) };
  return undefined;
}

/**
 * The named items of a structured-field list (strings or tokens; inner lists are skipped), or none when the field
 * is absent or not a valid list.
 * @param {string | null} field
 * @returns {{ name: string, params: Map<string, unknown> }[]}
 */
function items(field) {
  if (field == null || field.trim() === '') return [];
  let list;
  try {
    list = parseList(field);
  } catch (notAList) {
    return [];
  }
  return list
    .filter(([value]) => typeof value === 'string' || value instanceof Token)
    .map(([value, params]) => ({ name: String(value), params: /** @type {Map<string, unknown>} */ (params) }));
}

/**
 * @param {RateLimit} limit
 * @param {'resetSeconds' | 'quota' | 'windowSeconds'} key
 * @param {unknown} value
 */
function setNumber(limit, key, value) {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) limit[key] = value;
}
