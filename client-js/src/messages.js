// Every message the client writes, in one place, so tests assert against it.

export const messages = {
  /** @param {string} operation */
  tokenRequired: (operation) => `${operation} needs a buyer's bearer token: pass { token } or make the client with one.`,
  seatsRequired: () => 'A hold needs at least one seat.',
  /** @param {string} name */
  argumentRequired: (name) => `${name} is required.`,
  /** @param {string} name @param {unknown} value */
  notPositive: (name, value) => `${name} must be a positive number, not ${value}.`,
  /** @param {string} name @param {unknown} value */
  notFraction: (name, value) => `${name} must be between 0 and 1, not ${value}.`,
  /** @param {string} operation @param {number} probability */
  throttled: (operation, probability) =>
    `${operation} was not sent: most recent requests were refused, so the client holds back `
    + `${Math.round(probability * 100)}% of new ones for now.`,
  /** @param {string} operation @param {number} status @param {string | undefined} detail */
  refused: (operation, status, detail) => `${operation} was refused (${status})${detail ? `: ${detail}` : '.'}`,
  /** @param {string} operation @param {number} attempts @param {string | undefined} cause */
  unreachable: (operation, attempts, cause) =>
    `${operation} got no answer after ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}${cause ? `: ${cause}` : '.'}`,
  /** @param {string} what @param {string} id @param {number} ms */
  stillPending: (what, id, ms) => `${what} ${id} was still pending after ${ms} ms.`,
  /** @param {string} status @param {string | undefined} message */
  waitOver: (status, message) => `The wait in the room is over (${status})${message ? `: ${message}` : '.'}`,
  /** @param {string} what @param {number} status */
  malformed: (what, status) => `The answer to ${what} (${status}) was not what the API documents.`,
};
