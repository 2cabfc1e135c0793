// How each reason of an entry-loop step reads and is marked. The reasons are RateMove's; the marks quoted are
// HeadroomMarks.defaults(), which the ingress's loop runs with (they are not configurable).

const REASONS = {
  headroom: { words: 'up: every input has room', short: 'up, every input has room', shape: 'up', color: '#146c2e' },
  permits: { words: 'down: checkout permits over 70 %', short: 'down for checkout permits', shape: 'down',
    color: '#b3261e' },
  lag: { words: 'down: inventory over 500 records behind', short: 'down for inventory lag', shape: 'square',
    color: '#8a4f00' },
  latency: { words: 'down: hold results p99 over 1 s', short: 'down for hold latency', shape: 'diamond',
    color: '#6f2da8' },
  scheduling: { words: 'down: scheduling lag over 100 ms', short: 'down for scheduling lag', shape: 'circle',
    color: '#4a525c' },
  // a hold is kept only when it brought a rate set outside the bounds back within them
  hold: { words: 'held: brought within floor and ceiling', short: 'held within floor and ceiling', shape: 'bar',
    color: '#0b57d0' },
};

/** {words, short, shape, color} of a reason; one the page does not know is shown by its name. */
export function reasonOf(reason) {
  return REASONS[reason] ?? { words: `moved: ${reason}`, short: `moved for ${reason}`, shape: 'circle',
    color: '#1b1f24' };
}

/** The reasons among {@code steps}, in the order of the table above, each with how many steps it moved. */
export function reasonsIn(steps) {
  const counts = new Map();
  for (const { reason } of steps) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const known = Object.keys(REASONS).filter((r) => counts.has(r));
  const other = [...counts.keys()].filter((r) => !(r in REASONS));
  return [...known, ...other].map((reason) => ({ reason, steps: counts.get(reason) }));
}
