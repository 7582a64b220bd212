package dev.quintet.devices.web;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.platform.keys.KeyHolder;
import jakarta.servlet.http.HttpServletRequest;
import java.util.UUID;

/** The calling key's account, and the checks of ids and names in requests. */
final class Caller {

    static final int MAX_NAME = 100;

    private Caller() {
    }

    static UUID account(HttpServletRequest request) {
        return holder(request).accountId();
    }

    static UUID key(HttpServletRequest request) {
        return holder(request).keyId();
    }

    private static KeyHolder holder(HttpServletRequest request) {
        KeyHolder holder = (KeyHolder) request.getAttribute(KeyHolder.ATTRIBUTE);
        if (holder == null) {
            throw new ApiException(401, "missing_api_key", "an API key is required");
        }
        return holder;
    }

    /** A path id; a malformed one names nothing, so it is a 404 like an unknown one. */
    static UUID pathId(String text, String what) {
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound("no " + what + " " + text);
        }
    }

    static UUID bodyId(String text, String param) {
        if (text == null) {
            throw ApiException.invalidParameter(param, param + " is required");
        }
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidParameter(param, param + " must be a UUID, got '" + text + "'");
        }
    }

    static String name(String name, String param, boolean required) {
        if (name == null) {
            if (required) {
                throw ApiException.invalidParameter(param, param + " is required");
            }
            return null;
        }
        String stripped = name.strip();
        if (stripped.isEmpty() || stripped.length() > MAX_NAME) {
            throw ApiException.invalidParameter(param, param + " must be 1.." + MAX_NAME + " characters, got "
                    + stripped.length());
        }
        return stripped;
    }
}
