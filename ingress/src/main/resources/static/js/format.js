// How numbers, money and times read on the pages.

export function seconds(n) {
  return n === 1 ? '1 second' : `${n} seconds`;
}

export function money(cents) {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

export function clock(date) {
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** "9:05" for 545 seconds. */
export function minutesSeconds(totalSeconds) {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** "about 25 seconds", "about 3 minutes", "less than a second". */
export function roughly(secondsLeft) {
  if (secondsLeft < 1) return 'less than a second';
  if (secondsLeft < 90) return `about ${seconds(Math.ceil(secondsLeft))}`;
  return `about ${Math.round(secondsLeft / 60)} minutes`;
}

export function count(n) {
  return new Intl.NumberFormat().format(n);
}
