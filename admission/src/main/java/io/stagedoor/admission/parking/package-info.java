/**
 * Rules that flag automation for the parked lane: signals computed from what every join already carries (the
 * caller's address), counted where every instance sees them.
 */
package io.stagedoor.admission.parking;
