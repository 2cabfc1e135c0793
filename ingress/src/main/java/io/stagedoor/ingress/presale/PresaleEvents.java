package io.stagedoor.ingress.presale;

import io.stagedoor.ingress.events.EventCatalog;
import io.stagedoor.ingress.http.ProblemException;
import io.stagedoor.ingress.http.ProblemType;
import io.stagedoor.topics.EventDefinition;
import io.stagedoor.topics.PresaleSettings;

/** The events the presale routes answer for: an unknown event, or one without a presale, is a 404 problem. */
final class PresaleEvents {

    private final EventCatalog catalog;

    PresaleEvents(EventCatalog catalog) {
        this.catalog = catalog;
    }

    EventDefinition event(String eventId) {
        return catalog.find(eventId)
                .orElseThrow(() -> ProblemException.of(ProblemType.NOT_FOUND, PresaleMessages.unknownEvent(eventId)));
    }

    PresaleSettings presale(String eventId) {
        PresaleSettings presale = event(eventId).waitingRoom().presale();
        if (presale == null) {
            throw ProblemException.of(ProblemType.NOT_FOUND, PresaleMessages.noPresale(eventId));
        }
        return presale;
    }
}
