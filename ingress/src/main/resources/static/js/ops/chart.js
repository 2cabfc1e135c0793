// A small SVG line chart of a Series over the last two minutes. Lines differ by colour and by dash, so they can be
// told apart without colour; the list under the chart says each line's latest value in words, and is what screen
// readers get (the drawing itself is hidden from them).

export const SVG = 'http://www.w3.org/2000/svg';
const STYLES = [
  { color: '#0b57d0', dash: '' },
  { color: '#b3261e', dash: '6 3' },
  { color: '#146c2e', dash: '2 3' },
  { color: '#8a4f00', dash: '9 3 2 3' },
  { color: '#6f2da8', dash: '4 4' },
  { color: '#4a525c', dash: '1 3' },
];
const WIDTH = 320;
const HEIGHT = 150;
const PLOT = { left: 46, right: 8, top: 10, bottom: 22 };
const WINDOW_MS = 120_000;

export class LineChart {
  /**
   * @param container where the figure goes
   * @param options {id, title, unit, format(value) → text, names: {key: shown name}}
   */
  constructor(container, { id, title, unit, format = (v) => v.toFixed(1), names = {} }) {
    this.unit = unit;
    this.format = format;
    this.names = names;
    this.styles = new Map();
    this.figure = document.createElement('figure');
    this.figure.className = 'chart card';
    this.figure.id = id;
    const caption = document.createElement('figcaption');
    caption.textContent = title;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
    this.svg.setAttribute('aria-hidden', 'true');
    this.keys = document.createElement('ul');
    this.keys.className = 'keys';
    this.figure.append(caption, this.svg, this.keys);
    container.append(this.figure);
  }

  style(key) {
    if (!this.styles.has(key)) this.styles.set(key, STYLES[this.styles.size % STYLES.length]);
    return this.styles.get(key);
  }

  draw(series, now = Date.now()) {
    const keys = series.keys();
    const values = series.points.flatMap((p) => Object.values(p.values)).filter(Number.isFinite);
    const top = niceCeiling(Math.max(0, ...values));
    const x = (t) => PLOT.left + ((t - (now - WINDOW_MS)) / WINDOW_MS) * (WIDTH - PLOT.left - PLOT.right);
    const y = (v) => HEIGHT - PLOT.bottom - (v / top) * (HEIGHT - PLOT.top - PLOT.bottom);
    const parts = [];
    for (const level of [0, top / 2, top]) {
      parts.push(line(PLOT.left, y(level), WIDTH - PLOT.right, y(level), '#c9ced6'));
      parts.push(text(PLOT.left - 4, y(level) + 4, axisLabel(level), 'end'));
    }
    parts.push(text(PLOT.left, HEIGHT - 6, '−2 min', 'start'), text(WIDTH - PLOT.right, HEIGHT - 6, 'now', 'end'));
    for (const key of keys) {
      const points = series.points.filter((p) => Number.isFinite(p.values[key]) && p.t >= now - WINDOW_MS)
        .map((p) => `${x(p.t).toFixed(1)},${y(p.values[key]).toFixed(1)}`);
      if (!points.length) continue;
      const path = document.createElementNS(SVG, 'polyline');
      const { color, dash } = this.style(key);
      path.setAttribute('points', points.length === 1 ? `${points[0]} ${points[0]}` : points.join(' '));
      path.setAttribute('fill', 'none');
      path.setAttribute('stroke', color);
      path.setAttribute('stroke-width', '2');
      if (dash) path.setAttribute('stroke-dasharray', dash);
      parts.push(path);
    }
    this.svg.replaceChildren(...parts);
    const latest = series.latest();
    this.keys.replaceChildren(...(keys.length ? keys : ['none']).map((key) => {
      const item = document.createElement('li');
      item.dataset.key = key;
      if (!keys.length) {
        item.textContent = 'nothing yet';
        return item;
      }
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = this.style(key).color;
      const value = Number.isFinite(latest[key]) ? `${this.format(latest[key])} ${this.unit}`.trim() : 'no value';
      item.append(swatch, `${this.names[key] || key}: `);
      const number = document.createElement('span');
      number.className = 'value';
      number.textContent = value;
      item.append(number);
      return item;
    }));
  }
}

export function axisLabel(value) {
  if (value >= 1000) return `${(value / 1000).toFixed(value >= 10_000 ? 0 : 1)}k`;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** 1, 2 or 5 times a power of ten, at least the value (and at least 1, so an idle chart has a scale). */
export function niceCeiling(value) {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((n) => n >= value);
}

export function line(x1, y1, x2, y2, stroke) {
  const element = document.createElementNS(SVG, 'line');
  Object.entries({ x1, y1, x2, y2, stroke }).forEach(([k, v]) => element.setAttribute(k, String(v)));
  return element;
}

export function text(xPos, yPos, content, anchor) {
  const element = document.createElementNS(SVG, 'text');
  element.setAttribute('x', String(xPos));
  element.setAttribute('y', String(yPos));
  element.setAttribute('text-anchor', anchor);
  element.setAttribute('font-size', '10');
  element.setAttribute('fill', '#4a525c');
  element.textContent = content;
  return element;
}
