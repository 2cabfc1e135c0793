// The buyer page: sign in → event → waiting room (when the event has one) → seats → hold and pay → tickets.
// One section shows at a time; its heading takes focus so keyboard and screen-reader users land on it.

import { RefusedError, StagedoorError, WaitOverError, pageClient } from './service.js';
import { clock, money, roughly } from '../format.js';
import { Notice } from '../notice.js';
import { HoldCountdown, holdSeats, payForHold, REASONS } from './hold.js';
import { waitInRoom, waitOverText } from './queue.js';
import { SeatMap } from './seat-map.js';
import * as session from './session.js';

const MAX_SEATS = 8;
const $ = (id) => document.getElementById(id);
const notice = new Notice($('notice'));
const client = pageClient({ token: session.token, notice });
const countdown = new HoldCountdown($('hold-countdown'));
const state = { event: null, hold: null };
const seatMap = new SeatMap($('seat-map'), { max: MAX_SEATS, onChange: seatsChanged });

function show(step) {
  for (const section of document.querySelectorAll('main > section')) section.hidden = section.id !== step;
  for (const item of document.querySelectorAll('.steps li')) {
    if (item.dataset.step === step) item.setAttribute('aria-current', 'step');
    else item.removeAttribute('aria-current');
  }
  const signedIn = session.current();
  $('who').hidden = !signedIn;
  $('who-name').textContent = signedIn ? `Signed in as ${signedIn.buyerId}` : '';
  const heading = $(step).querySelector('h2');
  if (heading) heading.focus();
}

/** Runs one step; a refusal the page cannot wait out is said in the notice, an expired sign-in goes back to it. */
async function step(work) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof StagedoorError)) throw error;
    if (error instanceof RefusedError && error.status === 401 && error.operation !== 'login' && session.token()) {
      session.clear();
      show('sign-in');
      notice.error('Your sign-in has expired. Please sign in again.');
      return;
    }
    if (error instanceof RefusedError) {
      notice.error(error.problem.detail || error.message, `(${error.status} ${error.kind})`);
    } else if (error instanceof WaitOverError) {
      notice.error(waitOverText(error));
    } else {
      notice.error(error.message);
    }
  }
}

$('sign-in-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const form = e.target;
  const email = form.email.value.trim();
  const password = form.password.value;
  if (!email || !password) {
    notice.error('Enter your email and password.');
    (email ? form.password : form.email).focus();
    return;
  }
  form.querySelector('button').disabled = true;
  notice.info('Signing in…');
  step(async () => {
    session.save(await client.login(email, password));
    form.reset();
    notice.clear();
    await showEvents();
  }).finally(() => { form.querySelector('button').disabled = false; });
});

$('sign-out').addEventListener('click', () => {
  countdown.stop();
  session.clear();
  notice.clear();
  show('sign-in');
});

async function showEvents() {
  notice.info('Loading the events…');
  const events = await client.events();
  const items = events.map((event) => {
    const item = document.createElement('li');
    const text = document.createElement('div');
    const name = document.createElement('strong');
    name.textContent = event.name;
    const facts = document.createElement('div');
    facts.className = 'hint';
    facts.textContent = `${event.seats} seats · ${money(event.priceCents)} each · on sale ${new Date(event.onSaleAt).toLocaleString()}`
      + (event.waitingRoom ? ' · waiting room' : '');
    text.append(name, facts);
    const choose = document.createElement('button');
    choose.type = 'button';
    choose.textContent = `Choose ${event.name}`;
    choose.addEventListener('click', () => step(() => chooseEvent(event)));
    item.append(text, choose);
    return item;
  });
  $('event-list').replaceChildren(...items);
  notice.clear();
  show('events');
}

async function chooseEvent(event) {
  state.event = event;
  if (event.waitingRoom && !session.pass(event.eventId)) await enterRoom(event);
  await showSeats();
}

async function enterRoom(event) {
  show('queue');
  $('queue-since').textContent = clock(new Date());
  const admitted = await waitInRoom(client, event.eventId, {
    notice,
    onPlace: (ticket) => {
      $('queue-position').textContent = ticket.position.toLocaleString();
      $('queue-wait').textContent = roughly(ticket.estimatedWaitSeconds);
    },
  });
  if (admitted) {
    session.savePass(event.eventId, admitted.pass, admitted.expiresAt);
    notice.ok(`It is your turn. Your pass is valid until ${clock(new Date(admitted.expiresAt))}.`);
  }
}

async function showSeats() {
  show('seats');
  await refreshSeats();
}

async function refreshSeats() {
  const body = await client.event(state.event.eventId);
  state.event.priceCents = body.priceCents;
  seatMap.render(body.seats);
}

function seatsChanged(chosen, full) {
  $('hold-seats').disabled = chosen.length === 0;
  const price = state.event ? money(chosen.length * state.event.priceCents) : '';
  $('seat-summary').textContent = full
    ? `You can hold at most ${MAX_SEATS} seats at once; ${chosen.length} chosen.`
    : chosen.length ? `${chosen.length} chosen: ${chosen.join(', ')} (${price}).` : 'No seats chosen.';
}

$('seat-max').textContent = MAX_SEATS;
$('refresh-seats').addEventListener('click', () => step(refreshSeats));

$('hold-seats').addEventListener('click', () => {
  const button = $('hold-seats');
  button.disabled = true;
  step(async () => {
    const eventId = state.event.eventId;
    notice.info('Asking to hold your seats…');
    let result;
    try {
      result = await holdSeats(client, eventId, [...seatMap.chosen], { pass: session.pass(eventId), notice });
    } catch (error) {
      if (error instanceof RefusedError && error.kind === 'waiting-room') {
        session.dropPass(eventId);
        notice.error('Your waiting-room pass is no longer valid; you need to queue again.', error.message);
        await enterRoom(state.event);
        show('seats');
        return;
      }
      throw error;
    }
    if (result.status !== 'held') {
      notice.error(REASONS[result.reason] || `The hold was not made (${result.reason || result.status}).`);
      await refreshSeats();
      return;
    }
    seatMap.clear();
    showHold(result);
  }).finally(() => { button.disabled = seatMap.chosen.size === 0; });
});

function showHold(result) {
  state.hold = result;
  $('hold-seats-list').textContent = `Seats ${result.seats.join(', ')}`;
  $('hold-total').textContent = `${money(result.seats.length * state.event.priceCents)} in all`;
  $('hold-until').textContent = clock(new Date(result.expiresAt));
  $('pay').textContent = `Pay ${money(result.seats.length * state.event.priceCents)}`;
  notice.ok(`Held: ${result.seats.join(', ')}. Pay before the countdown ends.`);
  show('hold');
  countdown.start(result.expiresAt, () => step(async () => {
    notice.error('Your hold expired and the seats went back on sale. Pick your seats again.');
    await showSeats();
  }));
}

$('checkout-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const pay = $('pay');
  pay.disabled = true;
  step(async () => {
    notice.info('Sending your payment…');
    const result = await payForHold(client, state.hold.holdId, e.target.paymentToken.value, { notice });
    if (result.status !== 'confirmed') {
      notice.error(REASONS[result.reason] || `The payment did not go through (${result.reason || result.status}).`);
      return;
    }
    countdown.stop();
    showConfirmation(result);
  }).finally(() => { pay.disabled = false; });
});

function showConfirmation(result) {
  $('order-id').textContent = result.orderId;
  $('ticket-list').replaceChildren(...result.seats.map((seat, i) => {
    const item = document.createElement('li');
    const code = document.createElement('code');
    code.textContent = result.tickets[i] || '';
    item.append(`Seat ${seat}: ticket `, code);
    return item;
  }));
  notice.ok(`Paid. ${result.seats.length === 1 ? 'Your ticket is' : 'Your tickets are'} below.`);
  show('confirmation');
}

$('buy-more').addEventListener('click', () => step(showSeats));

if (session.current()) step(showEvents);
else show('sign-in');
