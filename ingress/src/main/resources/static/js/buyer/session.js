// The signed-in buyer and their waiting-room passes, kept for this tab only (sessionStorage), so a reload keeps
// the place and closing the tab forgets the token.

const SESSION = 'stagedoor.session';
const PASSES = 'stagedoor.passes';

/** {token, buyerId, expiresAt} while the token is valid, else null. */
export function current() {
  const saved = read(SESSION);
  return saved && saved.expiresAt > Date.now() ? saved : null;
}

/**
 * The saved token even when its time is over, so a call made with it is answered 401 by the service (and the page
 * asks to sign in again) instead of not being made at all.
 */
export function token() {
  const saved = read(SESSION);
  return saved ? saved.token : null;
}

export function save({ token, buyerId, expiresIn }) {
  sessionStorage.setItem(SESSION, JSON.stringify({ token, buyerId, expiresAt: Date.now() + expiresIn * 1000 }));
}

export function clear() {
  sessionStorage.removeItem(SESSION);
  sessionStorage.removeItem(PASSES);
}

/** The pass for an event while it is valid, else null. */
export function pass(eventId) {
  const saved = (read(PASSES) || {})[eventId];
  return saved && Date.parse(saved.expiresAt) > Date.now() ? saved.pass : null;
}

export function savePass(eventId, pass, expiresAt) {
  const passes = read(PASSES) || {};
  passes[eventId] = { pass, expiresAt };
  sessionStorage.setItem(PASSES, JSON.stringify(passes));
}

export function dropPass(eventId) {
  const passes = read(PASSES) || {};
  delete passes[eventId];
  sessionStorage.setItem(PASSES, JSON.stringify(passes));
}

function read(key) {
  try {
    return JSON.parse(sessionStorage.getItem(key));
  } catch (corrupt) {
    return null;
  }
}
