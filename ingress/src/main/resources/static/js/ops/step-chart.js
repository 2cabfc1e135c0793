// A small SVG step chart of the entry loop's rate: the rate holds from one step to the next, so it is drawn as a
// staircase from the first step to now, with the floor and the ceiling as dashed lines and each step marked by the
// shape and colour of its reason. The time axis covers at least two minutes, and every step the ingress kept.

import { SVG, axisLabel, line, niceCeiling, text } from './chart.js';
import { reasonOf } from './loop-reasons.js';

const WIDTH = 360;
const HEIGHT = 170;
const PLOT = { left: 34, right: 8, top: 10, bottom: 22 };
const MIN_SPAN_MS = 120_000;
const RATE_COLOR = '#0b57d0';
const BOUND_COLOR = '#4a525c';

export class StepChart {
  constructor(svg) {
    this.svg = svg;
    svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
    svg.setAttribute('role', 'img');
  }

  /** Draws {floor, ceiling, steps} up to {@code now}; returns the time the chart spans, in ms. */
  draw({ floor, ceiling, steps }, now) {
    const start = Math.min(now - MIN_SPAN_MS, steps.length ? steps[0].atMillis : now);
    const top = niceCeiling(Math.max(ceiling, ...steps.map((s) => s.rate)) * 1.1);
    const x = (t) => PLOT.left + ((t - start) / (now - start)) * (WIDTH - PLOT.left - PLOT.right);
    const y = (v) => HEIGHT - PLOT.bottom - (v / top) * (HEIGHT - PLOT.top - PLOT.bottom);
    const parts = [];
    for (const level of [0, top / 2, top]) {
      parts.push(line(PLOT.left, y(level), WIDTH - PLOT.right, y(level), '#c9ced6'));
      parts.push(text(PLOT.left - 4, y(level) + 4, axisLabel(level), 'end'));
    }
    parts.push(text(PLOT.left, HEIGHT - 6, `−${spanShort(now - start)}`, 'start'),
      text(WIDTH - PLOT.right, HEIGHT - 6, 'now', 'end'));
    parts.push(...bound(`ceiling ${axisLabel(ceiling)}`, y(ceiling)), ...bound(`floor ${axisLabel(floor)}`, y(floor)));
    if (steps.length) parts.push(staircase(steps, now, x, y), ...steps.map((s) => mark(s, x(s.atMillis), y(s.rate))));
    this.svg.replaceChildren(...parts);
    return now - start;
  }
}

/** The shape a reason's steps are marked with, centred on (cx, cy). */
export function markPath(shape, cx, cy, r = 3) {
  switch (shape) {
    case 'up': return `M${cx},${cy - r}L${cx + r},${cy + r * 0.8}L${cx - r},${cy + r * 0.8}Z`;
    case 'down': return `M${cx},${cy + r}L${cx + r},${cy - r * 0.8}L${cx - r},${cy - r * 0.8}Z`;
    case 'square': return `M${cx - r * 0.8},${cy - r * 0.8}h${r * 1.6}v${r * 1.6}h${-r * 1.6}Z`;
    case 'bar': return `M${cx - r},${cy - r * 0.4}h${2 * r}v${r * 0.8}h${-2 * r}Z`;
    case 'diamond': return `M${cx},${cy - r}L${cx + r},${cy}L${cx},${cy + r}L${cx - r},${cy}Z`;
    default: return `M${cx - r},${cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
  }
}

/** "2 min", "14 min", "3 h". */
export function spanShort(ms) {
  const minutes = Math.round(ms / 60_000);
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

function bound(label, level) {
  const dashed = line(PLOT.left, level, WIDTH - PLOT.right, level, BOUND_COLOR);
  dashed.setAttribute('stroke-dasharray', '5 3');
  const name = text(WIDTH - PLOT.right - 2, level - 3, label, 'end');
  name.classList.add('bound');
  // a halo, so the label stays legible where the rate runs along or across the line
  Object.entries({ stroke: '#ffffff', 'stroke-width': '3', 'paint-order': 'stroke' })
    .forEach(([k, v]) => name.setAttribute(k, v));
  return [dashed, name];
}

function staircase(steps, now, x, y) {
  const corners = [];
  steps.forEach((s, i) => {
    if (i > 0) corners.push([x(s.atMillis), y(steps[i - 1].rate)]);
    corners.push([x(s.atMillis), y(s.rate)]);
  });
  corners.push([x(now), y(steps[steps.length - 1].rate)]);
  const path = document.createElementNS(SVG, 'polyline');
  path.setAttribute('points', corners.map(([cx, cy]) => `${cx.toFixed(1)},${cy.toFixed(1)}`).join(' '));
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', RATE_COLOR);
  path.setAttribute('stroke-width', '2');
  return path;
}

function mark(step, cx, cy) {
  const { shape, color } = reasonOf(step.reason);
  const element = document.createElementNS(SVG, 'path');
  element.setAttribute('d', markPath(shape, cx, cy));
  element.setAttribute('fill', color);
  element.setAttribute('class', 'step');
  element.dataset.reason = step.reason;
  return element;
}
