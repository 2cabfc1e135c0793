/**
 * Registered presales: a seeded lottery over the registrations that anyone holding the seed and the registration log
 * can run again, and access codes bound to one account, checked without a store.
 */
package io.stagedoor.admission.presale;
