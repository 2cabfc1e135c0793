package io.stagedoor.admission.waitingroom;

/** The queueing-method contract in this process. */
class InProcessQueueingMethodTest extends QueueingMethodContract {

    private final InProcessRoomStore store = new InProcessRoomStore();

    @Override
    RoomStore store() {
        return store;
    }
}
