package dev.quintet.platform.accounts;

/** Input an account operation refuses; {@code field} names what was wrong. */
public final class InvalidAccountInput extends RuntimeException {

    private final String field;

    public InvalidAccountInput(String field, String message) {
        super(message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}
