// The "Entry loop" card: a room's closed-loop bounds, its last step in words, and the step chart with a legend of
// the reasons shown. Hidden for a room without a loop.

import { clock } from '../format.js';
import { SVG } from './chart.js';
import { reasonOf, reasonsIn } from './loop-reasons.js';
import { StepChart, markPath } from './step-chart.js';

/** Buyers per second as the loop sets them: to the hundredth, no trailing zeros ("8.05", "16.1", "40"). */
export const buyers = (rate) => `${Math.round(rate * 100) / 100} buyers/s`;

export class EntryLoopCard {
  constructor(section) {
    this.section = section;
    this.part = (name) => section.querySelector(`#loop-${name}`);
    this.chart = new StepChart(this.part('chart'));
  }

  /** Shows {@code loop} (the room's {floor, ceiling, steps}) as of {@code now}, or hides the card when it is null. */
  show(loop, now) {
    this.section.hidden = !loop;
    if (!loop) return;
    const last = loop.steps[loop.steps.length - 1];
    this.part('floor').textContent = buyers(loop.floor);
    this.part('ceiling').textContent = buyers(loop.ceiling);
    this.part('reason').textContent = last ? reasonOf(last.reason).words : 'no step yet';
    this.part('at').textContent = last ? clock(new Date(last.atMillis)) : '–';
    const span = this.chart.draw(loop, now);
    this.part('chart').setAttribute('aria-label', summary(loop, span));
    this.part('legend').replaceChildren(...legend(loop.steps));
  }
}

function summary({ floor, ceiling, steps }, span) {
  if (!steps.length) {
    return `No step of the entry loop yet; it keeps the rate between ${buyers(floor)} and ${buyers(ceiling)}.`;
  }
  const first = Math.round(steps[0].rate * 100) / 100;
  const last = steps[steps.length - 1];
  return `Entry rate ${first} → ${buyers(last.rate)} over the last ${spanLong(span)}, `
    + `last step ${reasonOf(last.reason).short}`;
}

function spanLong(ms) {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 120) return `${Math.round(minutes / 60)} hours`;
  return minutes === 1 ? 'minute' : `${minutes} minutes`;
}

function legend(steps) {
  if (!steps.length) {
    const item = document.createElement('li');
    item.textContent = 'no step yet';
    return [item];
  }
  return reasonsIn(steps).map(({ reason, steps: moved }) => {
    const { words, shape, color } = reasonOf(reason);
    const item = document.createElement('li');
    item.dataset.reason = reason;
    const glyph = document.createElementNS(SVG, 'svg');
    glyph.setAttribute('viewBox', '0 0 10 10');
    glyph.setAttribute('aria-hidden', 'true');
    const mark = document.createElementNS(SVG, 'path');
    mark.setAttribute('d', markPath(shape, 5, 5, 4.5));
    mark.setAttribute('fill', color);
    glyph.append(mark);
    item.append(glyph, `${words} (${moved === 1 ? '1 step' : `${moved} steps`})`);
    return item;
  });
}
