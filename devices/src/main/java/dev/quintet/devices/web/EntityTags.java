package dev.quintet.devices.web;

import dev.quintet.platform.errors.ApiException;

/** Shadow versions as entity tags: {@code ETag: "7"}; {@code If-Match} and {@code If-None-Match} name one, or {@code *}. */
final class EntityTags {

    private EntityTags() {
    }

    /** The version {@code If-Match} requires; null without the header or with {@code *}. */
    static Long expectedVersion(String ifMatch) {
        if (ifMatch == null || ifMatch.strip().equals("*")) {
            return null;
        }
        return version(ifMatch, "If-Match");
    }

    /** Whether {@code If-None-Match} names {@code version} (or is {@code *}). */
    static boolean matches(String ifNoneMatch, long version) {
        String text = ifNoneMatch.strip();
        if (text.equals("*")) {
            return true;
        }
        for (String tag : text.split(",")) {
            String t = tag.strip();
            t = t.startsWith("W/") ? t.substring(2) : t;
            if (t.equals("\"" + version + "\"")) {
                return true;
            }
        }
        return false;
    }

    private static long version(String header, String name) {
        String t = header.strip();
        if (t.length() >= 3 && t.startsWith("\"") && t.endsWith("\"")) {
            t = t.substring(1, t.length() - 1);
        }
        try {
            long v = Long.parseLong(t);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.invalidParameter(name, name + " must be one entity tag of the shadow, such as \"7\" "
                + "(the ETag of its last read), or *; got " + header.strip());
    }
}
