// A chart's recent history: one point a second, each a set of named values, the oldest dropped past the window.
// Counters from /metrics are totals since start; Rates turns two successive totals into a per-second rate.

export class Series {
  constructor(capacity = 120) {
    this.capacity = capacity;
    this.points = [];
  }

  /** Adds {t (ms), values: {key: number}}. */
  add(t, values) {
    this.points.push({ t, values });
    if (this.points.length > this.capacity) this.points.shift();
  }

  /** Every key seen in the window, in order of first appearance. */
  keys() {
    const seen = new Set();
    for (const p of this.points) for (const k of Object.keys(p.values)) seen.add(k);
    return [...seen];
  }

  latest() {
    return this.points.length ? this.points[this.points.length - 1].values : {};
  }
}

export class Rates {
  constructor() {
    this.previous = null;
  }

  /** Per-second rates since the last call, by key; empty on the first call. A counter that went down restarted. */
  next(t, totals) {
    const previous = this.previous;
    this.previous = { t, totals };
    if (!previous) return null;
    const seconds = (t - previous.t) / 1000;
    if (seconds <= 0) return null;
    const rates = {};
    for (const [key, value] of Object.entries(totals)) {
      const before = previous.totals[key] ?? 0;
      rates[key] = (value >= before ? value - before : value) / seconds;
    }
    return rates;
  }
}
