package io.stagedoor.admission.waitingroom;

import org.junit.jupiter.api.Nested;

/** The room contracts in this process. */
class InProcessRoomStoreTest extends RoomStoreContract {

    private final InProcessRoomStore store = new InProcessRoomStore();

    @Override
    RoomStore store() {
        return store;
    }

    /** The active-cap contract on the same store. */
    @Nested
    class ActiveCap extends ActiveCapContract {
        @Override
        RoomStore store() {
            return InProcessRoomStoreTest.this.store;
        }
    }

    /** The queueing-method contract on the same store. */
    @Nested
    class Methods extends QueueingMethodContract {
        @Override
        RoomStore store() {
            return InProcessRoomStoreTest.this.store;
        }
    }
}
