package io.stagedoor.ingress.pages;

/** Every problem detail the pages route writes, so tests assert against one place. */
public final class PagesMessages {

    private PagesMessages() {
    }

    public static String noSuchFile(String name) {
        String shown = name.length() > 80 ? name.substring(0, 80) + "…" : name;
        return "There is no page file " + shown + ".";
    }

    /** A page file under {@code folder} that is there but cannot be read. */
    public static String cannotReadFile(String folder, String name) {
        return "cannot read " + folder + name;
    }
}
