package dev.quintet.console.oauth.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** The scopes apps may ask for, what each lets an app do, and the one granted when none is asked for. */
public final class Scopes {

    public static final String DEFAULT = "events:read";

    /** Each scope with the sentence the consent page shows for it, in the order shown. */
    public static final Map<String, String> DESCRIPTIONS = descriptions();

    public static final Set<String> ALL = DESCRIPTIONS.keySet();

    /** The audience every access token names: the events API. */
    public static final String AUDIENCE = "events";

    private Scopes() {
    }

    private static Map<String, String> descriptions() {
        Map<String, String> scopes = new LinkedHashMap<>();
        scopes.put("events:read", "Search and read events, venues and organizers");
        scopes.put("events:write", "Create, change, publish and cancel events as you");
        scopes.put("user:read", "See your account's id and email address");
        return java.util.Collections.unmodifiableMap(scopes);
    }
}
