// Join puzzles (docs/http-api.md, `GET …/queue/puzzle`): solved off the main thread, so a page stays responsive
// while it pays the price of joining.

import { searchCounter } from './puzzle-work.js';

/**
 * A puzzle as the service issues it.
 * @typedef {object} JoinPuzzle
 * @property {string} challenge
 * @property {number} difficulty  leading zero bits asked
 * @property {string} expiresAt
 * @property {string} header      the header the solution goes in (`Puzzle-Solution`)
 */

/**
 * Solves `puzzle` on a worker (a module Web Worker in browsers, a worker thread in node), or inline where neither
 * exists; resolves with the header value `<challenge>:<counter>`. The signal stops the worker.
 * @param {JoinPuzzle} puzzle
 * @param {{ signal?: AbortSignal, inline?: boolean }} [options]
 * @returns {Promise<string>}
 */
export async function solvePuzzle(puzzle, options = {}) {
  const counter = options.inline ? searchCounter(puzzle.challenge, puzzle.difficulty)
    : await onWorker({ challenge: puzzle.challenge, difficulty: puzzle.difficulty }, options.signal);
  return `${puzzle.challenge}:${counter}`;
}

/**
 * @param {{ challenge: string, difficulty: number }} task
 * @param {AbortSignal} [signal]
 * @returns {Promise<string>}
 */
async function onWorker(task, signal) {
  const url = new URL('./puzzle-worker.js', import.meta.url);
  if (typeof Worker === 'function' && typeof window !== 'undefined') {
    const worker = new Worker(url, { type: 'module' });
    return answered(worker, task, signal, () => worker.terminate(),
      (listen) => { worker.onmessage = (event) => listen(event.data); },
      (fail) => { worker.onerror = (event) => fail(new Error(event.message)); });
  }
  const nodeProcess = /** @type {any} */ (globalThis).process;
  if (nodeProcess?.versions?.node) {
    const threads = 'node:worker_threads'; // named at run time, so browsers and type checks never resolve it
    const { Worker: ThreadWorker } = /** @type {any} */ (await import(threads));
    const worker = new ThreadWorker(url);
    return answered(worker, task, signal, () => worker.terminate(),
      (listen) => worker.once('message', listen), (fail) => worker.once('error', fail));
  }
  const counter = searchCounter(task.challenge, task.difficulty);
  if (counter === null) throw new Error('no counter solves the puzzle');
  return counter;
}

/**
 * @param {{ postMessage: (task: object) => void }} worker
 * @param {{ challenge: string, difficulty: number }} task
 * @param {AbortSignal | undefined} signal
 * @param {() => void} stop
 * @param {(listen: (data: { counter: string | null }) => void) => void} onMessage
 * @param {(fail: (error: Error) => void) => void} onError
 * @returns {Promise<string>}
 */
function answered(worker, task, signal, stop, onMessage, onError) {
  return new Promise((resolve, reject) => {
    const abort = () => { stop(); reject(signal?.reason ?? new Error('aborted')); };
    if (signal?.aborted) { abort(); return; }
    signal?.addEventListener('abort', abort, { once: true });
    onMessage((data) => {
      signal?.removeEventListener('abort', abort);
      stop();
      if (data.counter === null) reject(new Error('no counter solves the puzzle'));
      else resolve(data.counter);
    });
    onError((error) => { signal?.removeEventListener('abort', abort); stop(); reject(error); });
    worker.postMessage(task);
  });
}
