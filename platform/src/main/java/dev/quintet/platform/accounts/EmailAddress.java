package dev.quintet.platform.accounts;

import java.util.Locale;
import java.util.regex.Pattern;

/** Normalises and checks an email address: trimmed, lower-cased, one {@code @}, a dotted domain. */
public final class EmailAddress {

    private static final Pattern SHAPE = Pattern.compile("^[^@\\s]{1,64}@[^@\\s.]+(\\.[^@\\s.]+)+$");

    private EmailAddress() {
    }

    /** The normalised address, or an exception whose message states the rule. */
    public static String normalise(String raw) {
        if (raw == null || raw.isBlank()) {
            throw new InvalidAccountInput("email", "email is required");
        }
        String email = raw.strip().toLowerCase(Locale.ROOT);
        if (email.length() > 254 || !SHAPE.matcher(email).matches()) {
            throw new InvalidAccountInput("email", "email must look like name@example.com");
        }
        return email;
    }
}
