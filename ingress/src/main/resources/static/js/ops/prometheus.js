// Reads the Prometheus text exposition format (version 0.0.4) that GET /metrics serves: one sample per line,
// "name{label="value",…} number", comments and blank lines skipped.

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample: {name, labels, value}. */
export function parse(text) {
  const samples = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels = {};
    for (const [, key, raw] of (match[2] || '').matchAll(LABEL)) {
      labels[key] = raw.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of a metric's samples that match every given label, or null when it has none. */
export function total(samples, name, where = {}) {
  const matching = samples.filter((s) => s.name === name && matches(s, where));
  return matching.length ? matching.reduce((sum, s) => sum + s.value, 0) : null;
}

/** A metric's samples summed by one label: {labelValue: sum}. */
export function byLabel(samples, name, label, where = {}) {
  const sums = {};
  for (const s of samples) {
    if (s.name !== name || !matches(s, where)) continue;
    const key = s.labels[label] || 'none';
    sums[key] = (sums[key] || 0) + s.value;
  }
  return sums;
}

function matches(sample, where) {
  return Object.entries(where).every(([key, value]) => sample.labels[key] === value);
}
