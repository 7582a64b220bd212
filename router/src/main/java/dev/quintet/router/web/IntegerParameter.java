package dev.quintet.router.web;

import dev.quintet.platform.errors.ApiException;

/** Whole-number query parameters such as {@code limit}: within their range, or a 400 naming the parameter. */
final class IntegerParameter {

    private IntegerParameter() {
    }

    /** {@code value} of {@code param} as an integer from {@code min} to {@code max}. */
    static int parse(String param, String value, int min, int max) {
        Integer n = null;
        try {
            n = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            // refused below, as a number out of range is
        }
        if (n == null || n < min || n > max) {
            throw ApiException.invalidParameter(param, param + " must be an integer " + min + ".." + max + ", got '"
                    + (value.length() > 20 ? value.substring(0, 20) + "..." : value) + "'");
        }
        return n;
    }
}
