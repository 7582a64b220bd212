package dev.quintet.platform.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * The {@code X-Request-Id} of a request: the caller's when it is sane, a fresh one otherwise. Ids only need to be
 * unique, not unguessable, so they come from a fast non-cryptographic generator.
 */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";
    static final String ATTRIBUTE = RequestIds.class.getName();
    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

    private RequestIds() {
    }

    static String choose(String offered) {
        if (offered != null && SANE.matcher(offered).matches()) {
            return offered;
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return "req_" + HexFormat.of().toHexDigits(random.nextLong()) + HexFormat.of().toHexDigits(random.nextLong());
    }

    /** The id assigned to this request (assigning one if the filter has not run). */
    public static String of(HttpServletRequest request) {
        Object id = request.getAttribute(ATTRIBUTE);
        if (id instanceof String s) {
            return s;
        }
        String chosen = choose(request.getHeader(HEADER));
        request.setAttribute(ATTRIBUTE, chosen);
        return chosen;
    }
}
