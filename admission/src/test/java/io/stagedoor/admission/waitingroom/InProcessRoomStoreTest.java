package io.stagedoor.admission.waitingroom;


/** The room contracts in this process. */
class InProcessRoomStoreTest extends RoomStoreContract {

    private final InProcessRoomStore store = new InProcessRoomStore();

    @Override
    RoomStore store() {
        return store;
    }
}
