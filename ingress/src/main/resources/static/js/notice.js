// The page's one status line: what it is doing, what went wrong, and every wait the service asked for with its
// reason and the exact number of seconds. The line is a polite live region; the ticking countdown beside it is
// hidden from screen readers so they hear the wait once, not every second.

import { clock, seconds } from './format.js';

const WHY = {
  0: 'The service cannot be reached',
  429: 'Too many requests from you for now',
  503: 'The service is busy',
};

export class Notice {
  constructor(element) {
    this.element = element;
    this.timer = null;
  }

  clear() {
    this.stopCountdown();
    this.element.className = 'notice';
    this.element.replaceChildren();
  }

  /** Says what the page is waiting for (a long poll, the waiting room), so nothing waits without a reason. */
  info(message, detail) {
    this.show('notice', message, detail);
  }

  ok(message, detail) {
    this.show('notice ok', message, detail);
  }

  error(message, detail) {
    this.show('notice error', message, detail);
  }

  /**
   * Shows "please wait N seconds" for a refusal, N the Retry-After the service gave, counts down the {@code waitMs}
   * that will pass before the next try (N itself, or N and the client's small jitter), and resolves then. The buyer
   * page's client calls it before each wait it makes; the operator page waits on the promise.
   */
  waitFor({ seconds: wait, waitMs = wait * 1000, status, problem, what }) {
    const why = WHY[status] || `The service answered ${status}`;
    const retryAt = new Date(Date.now() + waitMs);
    this.show('notice wait', `${why}: please wait ${seconds(wait)}.`,
      [problem && problem.detail, `We will try ${what} again at ${clock(retryAt)}.`].filter(Boolean).join(' '));
    this.element.dataset.retryAfter = String(wait);
    const progress = document.createElement('progress');
    progress.max = Math.max(waitMs / 1000, 1);
    progress.value = 0;
    progress.setAttribute('aria-label', 'Time until we try again');
    const left = document.createElement('span');
    left.className = 'countdown detail';
    left.setAttribute('aria-hidden', 'true');
    this.element.append(progress, left);
    const started = Date.now();
    const tick = () => {
      const elapsed = Date.now() - started;
      progress.value = Math.min(elapsed, waitMs) / 1000;
      left.textContent = ` Trying again in ${Math.max(0, Math.ceil((waitMs - elapsed) / 1000))} s`;
    };
    tick();
    this.stopCountdown();
    this.timer = setInterval(tick, 250);
    return new Promise((resolve) => setTimeout(() => {
      this.stopCountdown();
      this.info(`Trying ${what} again now…`);
      resolve();
    }, waitMs));
  }

  show(className, message, detail) {
    this.stopCountdown();
    this.element.className = className;
    delete this.element.dataset.retryAfter;
    const line = document.createElement('p');
    line.className = 'message';
    line.textContent = message;
    const parts = [line];
    if (detail) {
      const more = document.createElement('p');
      more.className = 'detail';
      more.textContent = detail;
      parts.push(more);
    }
    this.element.replaceChildren(...parts);
  }

  stopCountdown() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
