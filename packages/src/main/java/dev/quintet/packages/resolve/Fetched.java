package dev.quintet.packages.resolve;

/**
 * What a look-up gave: a value, or why there is none.
 *
 * @param limited whether a limit, rather than the package or the upstream, is why there is none
 */
record Fetched<T>(T value, String problem, boolean limited) {

    static <T> Fetched<T> of(T value) {
        return new Fetched<>(value, null, false);
    }

    static <T> Fetched<T> failed(String problem) {
        return new Fetched<>(null, problem, false);
    }

    static <T> Fetched<T> limitReached(String problem) {
        return new Fetched<>(null, problem, true);
    }

    boolean ok() {
        return problem == null;
    }
}
