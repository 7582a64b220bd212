package dev.quintet.platform.errors;

/** A request body went past the route's size limit while it was being read. */
public final class BodyTooLarge extends RuntimeException {

    public BodyTooLarge(long limit) {
        super("request body must be at most " + limit + " bytes");
    }
}
