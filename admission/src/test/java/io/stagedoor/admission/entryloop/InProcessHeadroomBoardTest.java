package io.stagedoor.admission.entryloop;

class InProcessHeadroomBoardTest extends HeadroomBoardContract {

    @Override
    HeadroomBoard board(long[] now) {
        return new InProcessHeadroomBoard(() -> now[0]);
    }
}
