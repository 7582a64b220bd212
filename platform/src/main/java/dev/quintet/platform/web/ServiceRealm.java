package dev.quintet.platform.web;

import dev.quintet.platform.errors.ErrorShape;
import dev.quintet.platform.errors.ProblemDetailsShape;
import java.util.List;

/**
 * What the platform needs to know of one API service: its name (also its quota and key scope), whether it takes
 * API keys (or, like events, OAuth tokens checked by the service itself), whether browsers may call it, how it
 * writes errors, the default body limit and the paths that need no credential.
 */
public record ServiceRealm(
        String name,
        boolean apiKeys,
        boolean browserCallable,
        ErrorShape errorShape,
        long maxBodyBytes,
        List<String> publicPaths) {

    /** Paths every service serves without a key. */
    public static final List<String> ALWAYS_PUBLIC = List.of("/health", "/metrics", "/openapi.json", "/docs", "/swagger-ui");

    /** An API-key service. */
    public static ServiceRealm of(String name, boolean browserCallable) {
        return new ServiceRealm(name, true, browserCallable, new ProblemDetailsShape(), 1_048_576, ALWAYS_PUBLIC);
    }

    /** A service whose callers hold OAuth 2 access tokens instead of API keys; servers only. */
    public static ServiceRealm oauth(String name) {
        return new ServiceRealm(name, false, false, new ProblemDetailsShape(), 1_048_576, ALWAYS_PUBLIC);
    }

    public ServiceRealm withErrorShape(ErrorShape shape) {
        return new ServiceRealm(name, apiKeys, browserCallable, shape, maxBodyBytes, publicPaths);
    }

    public ServiceRealm withMaxBodyBytes(long bytes) {
        return new ServiceRealm(name, apiKeys, browserCallable, errorShape, bytes, publicPaths);
    }

    /** This realm with one more path (and everything under it) served without a credential. */
    public ServiceRealm withPublicPath(String path) {
        List<String> paths = new java.util.ArrayList<>(publicPaths);
        paths.add(path);
        return new ServiceRealm(name, apiKeys, browserCallable, errorShape, maxBodyBytes, List.copyOf(paths));
    }

    public boolean isPublic(String path) {
        for (String p : publicPaths) {
            if (path.startsWith(p) && (path.length() == p.length() || path.charAt(p.length()) == '/')) {
                return true;
            }
        }
        return false;
    }
}
