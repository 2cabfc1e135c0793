package io.stagedoor.admission.presale;

/** The contract on the in-process book: one instance, so "elsewhere" is the same book. */
class InProcessPresaleBookTest extends PresaleBookContract {

    @Override
    PresaleBook book(int most) {
        return new InProcessPresaleBook(most);
    }

    @Override
    PresaleBook elsewhere(PresaleBook book) {
        return book;
    }
}
