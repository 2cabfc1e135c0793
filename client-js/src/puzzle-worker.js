// Solves one join puzzle off the page's (or the process's) main thread: a module Web Worker in browsers, a
// worker_threads worker in node. Receives {challenge, difficulty}, answers {counter}.

import { searchCounter } from './puzzle-work.js';

/** @param {{ challenge: string, difficulty: number }} task */
function solve(task) {
  return { counter: searchCounter(task.challenge, task.difficulty) };
}

if (typeof self !== 'undefined' && typeof self.postMessage === 'function' && typeof window === 'undefined') {
  self.onmessage = (event) => self.postMessage(solve(event.data));
} else {
  const threads = 'node:worker_threads'; // named at run time, so browsers and type checks never resolve it
  const { parentPort } = /** @type {any} */ (await import(threads));
  parentPort?.on('message', (/** @type {{ challenge: string, difficulty: number }} */ task) =>
    parentPort.postMessage(solve(task)));
}
