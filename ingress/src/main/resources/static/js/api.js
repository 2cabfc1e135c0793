// The operator page talking to the ingress's admin routes. Every 429 and 503 carries a true Retry-After
// (ARCHITECTURE.md, "Honest"), so a refused request is retried exactly when the service said, never sooner, and the
// page is told so it can say why it waits. (The buyer page talks through the JavaScript client: buyer/service.js.)

/** A refusal the page has to act on: the problem body (RFC 9457) and its HTTP status. */
export class ApiError extends Error {
  constructor(status, problem) {
    super(problem && problem.detail ? problem.detail : `The service answered ${status}.`);
    this.status = status;
    this.problem = problem || {};
  }

  /** The last part of the problem type, e.g. "rate-limited", "waiting-room", "not-found". */
  get kind() {
    return String(this.problem.type || '').split('/').pop();
  }
}

/** Whole seconds from a Retry-After header (delta-seconds or an HTTP date), else the problem's member, else 1. */
export function retryAfterSeconds(headers, problem) {
  const header = headers && headers.get('Retry-After');
  if (header && /^\d+$/.test(header.trim())) return Math.max(0, Number(header.trim()));
  if (header) {
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - Date.now()) / 1000));
  }
  if (problem && Number.isFinite(problem.retryAfter)) return problem.retryAfter;
  return 1;
}

/** Seconds to wait before trying again when the service cannot be reached at all. */
const UNREACHABLE_RETRY_SECONDS = 2;

/**
 * Sends one request and returns {status, headers, body} for any 2xx. On 429 or 503 it calls
 * {@code wait({seconds, status, problem, what})}, which shows the wait and resolves when it is over, then sends
 * the same request again. Any other failure is thrown as an {@link ApiError}.
 */
export async function request(path, { method = 'GET', json, token, headers = {}, wait, what = 'this' } = {}) {
  const sent = { Accept: 'application/json, application/problem+json', ...headers };
  if (token) sent.Authorization = `Bearer ${token}`;
  if (json !== undefined) sent['Content-Type'] = 'application/json';
  for (;;) {
    let response;
    try {
      response = await fetch(path, { method, headers: sent, body: json === undefined ? undefined : JSON.stringify(json) });
    } catch (unreachable) {
      await wait({ seconds: UNREACHABLE_RETRY_SECONDS, status: 0, problem: { detail: 'The service could not be reached.' }, what });
      continue;
    }
    const body = await readBody(response);
    if (response.status === 429 || response.status === 503) {
      await wait({ seconds: retryAfterSeconds(response.headers, body), status: response.status, problem: body, what });
      continue;
    }
    if (!response.ok) throw new ApiError(response.status, body);
    return { status: response.status, headers: response.headers, body };
  }
}

async function readBody(response) {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch (notJson) {
    return { detail: text };
  }
}
