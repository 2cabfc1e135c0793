package io.stagedoor.admission.waitingroom;

/** The active-cap contract in this process. */
class InProcessActiveCapTest extends ActiveCapContract {

    private final InProcessRoomStore store = new InProcessRoomStore();

    @Override
    RoomStore store() {
        return store;
    }
}
