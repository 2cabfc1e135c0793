// The operator page: every second it reads GET /metrics (Prometheus text) and the event's waiting-room route, and
// draws the last two minutes, and the room's entry loop when it has one; the form changes the entry rate and pauses
// or resumes entry.

import { ApiError, request } from '../api.js';
import { clock, count, seconds } from '../format.js';
import { Notice } from '../notice.js';
import { LineChart } from './chart.js';
import { EntryLoopCard } from './entry-loop.js';
import { byLabel, parse, total } from './prometheus.js';
import { changeRoom, roomStatus } from './room.js';
import { Rates, Series } from './series.js';

const REFRESH_MS = 1000;
const KEY = 'stagedoor.adminKey';
const $ = (id) => document.getElementById(id);
const notice = new Notice($('notice'));
const wait = (w) => notice.waitFor(w);
const perSecond = (v) => (v >= 10 ? v.toFixed(0) : v.toFixed(1));
const charts = $('charts');
const entryLoop = new EntryLoopCard($('entry-loop'));

/** Each chart: its history, how counters become rates, and how to read its values from one refresh. */
const views = [
  view('admissions', 'Admissions per second, by outcome', '/s', perSecond, true,
    (m) => byLabel(m, 'stagedoor_admission_decisions_total', 'outcome')),
  view('sheds', 'Shed with 503, per second, by reason', '/s', perSecond, true,
    (m) => byLabel(m, 'stagedoor_ingress_shed_total', 'reason')),
  view('fallbacks', 'Decided without Redis, per second', '/s', perSecond, true,
    (m) => ({ limits: total(m, 'stagedoor_admission_fallback_decisions_total') ?? 0,
      'waiting room': total(m, 'stagedoor_waitingroom_fallback_total') ?? 0 })),
  view('room-length', 'Waiting room: buyers in line', '', (v) => count(Math.round(v)), false,
    (m, room) => (room ? { waiting: room.queueLength } : {})),
  view('room-rate', 'Waiting room: entry rate and admissions', 'buyers/s', perSecond, false,
    (m, room) => (room ? { 'entry rate': room.paused ? 0 : room.entryRatePerSecond, admitted: room.admittedPerSecond } : {})),
  view('permits', 'Checkout permits in use', '', (v) => v.toFixed(0), false,
    (m) => ({ 'in use': total(m, 'stagedoor_ingress_checkout_permits') ?? 0 })),
  view('latency', 'Results latency (accepted to result)', 'ms', (v) => v.toFixed(0), false,
    (m) => {
      const q = (quantile) => total(m, 'stagedoor_ingress_result_latency_seconds', { quantile });
      const values = {};
      if (q('0.5') !== null) values.p50 = q('0.5') * 1000;
      if (q('0.99') !== null) values.p99 = q('0.99') * 1000;
      return values;
    }),
];

function view(id, title, unit, format, counters, read) {
  return { chart: new LineChart(charts, { id: `chart-${id}`, title, unit, format }), series: new Series(),
    rates: counters ? new Rates() : null, read };
}

const watching = { adminKey: sessionStorage.getItem(KEY) || '', eventId: null, room: null, timer: null };

async function loadEvents() {
  const { body } = await request('/v1/events', { wait, what: 'loading the events' });
  $('event').replaceChildren(...body.events.map((event) => {
    const option = document.createElement('option');
    option.value = event.eventId;
    option.textContent = `${event.name} (${event.eventId})${event.waitingRoom ? '' : ', no waiting room'}`;
    return option;
  }));
}

$('connect-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const adminKey = $('admin-key').value.trim();
  if (!adminKey) {
    notice.error('Enter the admin key.');
    $('admin-key').focus();
    return;
  }
  watching.adminKey = adminKey;
  watching.eventId = $('event').value;
  sessionStorage.setItem(KEY, adminKey);
  notice.info(`Watching ${watching.eventId}; refreshing every second.`);
  if (!watching.timer) refresh();
});

async function refresh() {
  const started = Date.now();
  try {
    const [metrics, room] = await Promise.all([scrape(), watching.eventId ? readRoom() : null]);
    for (const v of views) {
      const values = v.read(metrics, room);
      const point = v.rates ? v.rates.next(started, values) : values;
      if (point) v.series.add(started, point);
      v.chart.draw(v.series, started);
    }
    $('updated').textContent = `Updated ${clock(new Date())}`;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) {
      watching.room = null;
      notice.error('The admin key was not accepted; enter it again. The charts from /metrics go on.');
      watching.eventId = null;
    } else {
      notice.error(error.message);
    }
  } finally {
    watching.timer = setTimeout(refresh, Math.max(0, REFRESH_MS - (Date.now() - started)));
  }
}

async function scrape() {
  const response = await fetch('/metrics');
  if (!response.ok) throw new ApiError(response.status, { detail: `GET /metrics answered ${response.status}.` });
  return parse(await response.text());
}

async function readRoom() {
  const room = await roomStatus(watching.eventId, { adminKey: watching.adminKey, wait });
  showRoom(room);
  return room;
}

/** How each queueing method reads. */
const QUEUEING = {
  fifo: 'First come, first served',
  random: 'Random draw among the queued',
  passthrough: 'Everyone in at once (counted)',
  reject: 'Closed',
};

/** A moment of the schedule: its date and time, or {@code none} when the definition sets none (the epoch). */
function moment(iso, none) {
  const date = iso ? new Date(iso) : null;
  if (!date || date.getTime() <= 0) return none;
  return `${date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${clock(date)}`;
}

function showRoom(room) {
  watching.room = room;
  $('room-state').textContent = !room.enabled ? 'Off' : room.paused ? 'Paused' : room.opened ? 'Admitting' : 'Not open yet';
  $('room-rate').textContent = `${perSecond(room.entryRatePerSecond)} buyers/s`;
  $('room-length').textContent = count(room.queueLength);
  $('room-admitting').textContent = `${perSecond(room.admittedPerSecond)} buyers/s`;
  $('room-counts').textContent = `${count(room.joined)} / ${count(room.admitted)}`;
  $('room-queueing').textContent = QUEUEING[room.queueing] ?? room.queueing;
  $('room-pre-queue').textContent = moment(room.preQueueAt, 'any time');
  $('room-opens').textContent = moment(room.opensAt, 'at once');
  $('room-active').textContent = room.maxActive > 0
    ? `${count(room.activeBuyers)} / ${count(room.maxActive)}` : `${count(room.activeBuyers)} (no cap)`;
  $('room-waits').textContent = `${seconds(Math.round(room.estimatedWaitSeconds))} / ${seconds(Math.round(room.actualWaitSeconds))}`;
  $('room-source').textContent = room.source === 'redis' ? 'Redis (shared)' : 'this instance only';
  $('pause').textContent = room.paused ? 'Resume entry' : 'Pause entry';
  $('pause').setAttribute('aria-pressed', String(room.paused));
  $('set-rate').disabled = false;
  $('pause').disabled = false;
  if (document.activeElement !== $('rate') && !$('rate').value) $('rate').placeholder = String(room.entryRatePerSecond);
  showLoop(room.entryLoop);
}

function showLoop(loop) {
  entryLoop.show(loop, Date.now());
  $('rate-loop-hint').hidden = !loop;
  // a hidden description is still read out, so the link goes with the hint
  if (loop) $('rate').setAttribute('aria-describedby', 'rate-loop-hint');
  else $('rate').removeAttribute('aria-describedby');
}

$('rate-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const rate = Number($('rate').value);
  if (!(rate > 0) || !Number.isFinite(rate)) {
    notice.error('The entry rate must be a positive number of buyers per second.');
    $('rate').focus();
    return;
  }
  const looped = watching.room && watching.room.entryLoop
    ? ' The entry loop moves it on from there within a second.' : '';
  change({ entryRatePerSecond: rate }, `Entry rate set to ${perSecond(rate)} buyers per second.${looped}`);
});

$('pause').addEventListener('click', () => {
  const pausing = !(watching.room && watching.room.paused);
  change({ paused: pausing }, pausing ? 'Entry paused: nobody new is let in.' : 'Entry resumed.');
});

async function change(what, done) {
  if (!watching.eventId) return;
  try {
    showRoom(await changeRoom(watching.eventId, what, { adminKey: watching.adminKey, wait }));
    $('rate').value = '';
    notice.ok(done);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    notice.error(error.message);
  }
}

$('admin-key').value = watching.adminKey;
loadEvents().then(() => {
  if (watching.adminKey) watching.eventId = $('event').value;
  refresh();
}).catch((error) => notice.error(error.message));
