package dev.quintet.router.providers;

import java.util.Map;

/**
 * The environment variables the router reads provider keys from. The app uses the process environment unless a
 * bean of this type is present (tests register one in the parent context).
 */
public record RouterEnvironment(Map<String, String> variables) {

    public RouterEnvironment {
        variables = Map.copyOf(variables);
    }

    public static RouterEnvironment system() {
        return new RouterEnvironment(System.getenv());
    }

    public String get(String name) {
        String value = variables.get(name);
        return value == null || value.isBlank() ? null : value.trim();
    }
}
