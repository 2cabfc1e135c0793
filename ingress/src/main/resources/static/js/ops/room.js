// The waiting-room operator routes: GET shows the room, PUT changes the entry rate or pauses it (for every ingress
// instance at once, since they share the room).

import { request } from '../api.js';

const route = (eventId) => `/v1/admin/events/${encodeURIComponent(eventId)}/waiting-room`;

export function roomStatus(eventId, { adminKey, wait }) {
  return request(route(eventId), { headers: { 'X-Admin-Key': adminKey }, wait, what: 'reading the waiting room' })
    .then((answer) => answer.body);
}

/** change: {entryRatePerSecond} and/or {paused}. Resolves with the room as it is after the change. */
export function changeRoom(eventId, change, { adminKey, wait }) {
  return request(route(eventId), {
    method: 'PUT', json: change, headers: { 'X-Admin-Key': adminKey }, wait, what: 'changing the waiting room',
  }).then((answer) => answer.body);
}
