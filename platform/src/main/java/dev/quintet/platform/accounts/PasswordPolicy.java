package dev.quintet.platform.accounts;

/** What a password must be: 10 to 200 characters, not only spaces. */
public final class PasswordPolicy {

    public static final int MIN_LENGTH = 10;
    public static final int MAX_LENGTH = 200;

    private PasswordPolicy() {
    }

    public static void check(String field, String password) {
        if (password == null || password.isEmpty()) {
            throw new InvalidAccountInput(field, "password is required");
        }
        int length = password.codePointCount(0, password.length());
        if (length < MIN_LENGTH) {
            throw new InvalidAccountInput(field, "password must be at least " + MIN_LENGTH + " characters, got " + length);
        }
        if (length > MAX_LENGTH) {
            throw new InvalidAccountInput(field, "password must be at most " + MAX_LENGTH + " characters");
        }
        if (password.isBlank()) {
            throw new InvalidAccountInput(field, "password must not be only spaces");
        }
    }
}
