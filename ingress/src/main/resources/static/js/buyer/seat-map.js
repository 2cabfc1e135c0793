// The seat map: one button per seat in rows, a single tab stop (roving tabindex) with arrow-key movement, so a
// keyboard user reaches the map in one Tab instead of a thousand.

const ROW_OF = (seatId) => seatId.slice(0, seatId.lastIndexOf('-'));

export class SeatMap {
  /** {@code onChange(chosenSeatIds, refusedBecauseFull)} after every toggle. */
  constructor(element, { max, onChange }) {
    this.element = element;
    this.max = max;
    this.onChange = onChange;
    this.chosen = new Set();
    this.rows = [];
    element.addEventListener('click', (e) => this.toggle(e.target.closest('button.seat')));
    element.addEventListener('keydown', (e) => this.move(e));
  }

  /** Draws the seats of {@code GET /v1/events/{id}}; keeps chosen seats that are still available. */
  render(seats) {
    const byRow = new Map();
    for (const seat of seats) {
      if (!byRow.has(ROW_OF(seat.seatId))) byRow.set(ROW_OF(seat.seatId), []);
      byRow.get(ROW_OF(seat.seatId)).push(seat);
    }
    const available = new Set(seats.filter((s) => s.status === 'available').map((s) => s.seatId));
    this.chosen = new Set([...this.chosen].filter((id) => available.has(id)));
    const focused = document.activeElement && document.activeElement.dataset.seat;
    this.rows = [];
    const rowElements = [];
    for (const [row, rowSeats] of byRow) {
      const line = document.createElement('div');
      line.className = 'seat-row';
      line.setAttribute('role', 'group');
      line.setAttribute('aria-label', `Row ${row}`);
      const label = document.createElement('span');
      label.className = 'row-label';
      label.setAttribute('aria-hidden', 'true');
      label.textContent = row;
      line.append(label);
      const buttons = rowSeats.map((seat) => this.seatButton(seat));
      line.append(...buttons);
      this.rows.push(buttons);
      rowElements.push(line);
    }
    this.element.replaceChildren(...rowElements);
    const all = this.rows.flat();
    const start = all.find((b) => b.dataset.seat === focused) || all.find((b) => !b.disabled) || all[0];
    if (start) {
      start.tabIndex = 0;
      if (focused) start.focus();
    }
    this.onChange([...this.chosen], false);
  }

  seatButton(seat) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'seat';
    button.tabIndex = -1;
    button.dataset.seat = seat.seatId;
    button.dataset.status = seat.status;
    const mine = this.chosen.has(seat.seatId);
    button.setAttribute('aria-pressed', String(mine));
    button.setAttribute('aria-label', `${seat.seatId}, ${seat.status === 'available' ? 'available' : seat.status}`);
    button.setAttribute('aria-disabled', String(seat.status !== 'available'));
    button.textContent = seat.seatId.slice(seat.seatId.lastIndexOf('-') + 1);
    return button;
  }

  clear() {
    this.chosen.clear();
    this.element.querySelectorAll('button.seat[aria-pressed="true"]').forEach((b) => b.setAttribute('aria-pressed', 'false'));
    this.onChange([], false);
  }

  toggle(button) {
    if (!button || button.dataset.status !== 'available') return;
    this.focus(button);
    const id = button.dataset.seat;
    if (this.chosen.has(id)) {
      this.chosen.delete(id);
    } else if (this.chosen.size >= this.max) {
      this.onChange([...this.chosen], true);
      return;
    } else {
      this.chosen.add(id);
    }
    button.setAttribute('aria-pressed', String(this.chosen.has(id)));
    this.onChange([...this.chosen], false);
  }

  move(event) {
    const button = event.target.closest('button.seat');
    if (!button) return;
    const r = this.rows.findIndex((row) => row.includes(button));
    const c = this.rows[r].indexOf(button);
    const target = {
      ArrowLeft: () => this.rows[r][c - 1],
      ArrowRight: () => this.rows[r][c + 1],
      ArrowUp: () => this.rows[r - 1] && this.rows[r - 1][Math.min(c, this.rows[r - 1].length - 1)],
      ArrowDown: () => this.rows[r + 1] && this.rows[r + 1][Math.min(c, this.rows[r + 1].length - 1)],
      Home: () => this.rows[r][0],
      End: () => this.rows[r][this.rows[r].length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    const next = target();
    if (next) this.focus(next);
  }

  focus(button) {
    this.element.querySelectorAll('button.seat[tabindex="0"]').forEach((b) => { b.tabIndex = -1; });
    button.tabIndex = 0;
    button.focus();
  }
}
