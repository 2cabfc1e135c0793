/** Priority lanes of a waiting room: how each admission is given to a lane by its share of the entry rate. */
package io.stagedoor.admission.lanes;
