package dev.quintet.capture.safety;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Route;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The in-browser half of the egress check: every request a capture's context makes is checked before it leaves
 * (non-http schemes and refused addresses are aborted) and WebSockets are refused. Redirect hops, which the browser
 * follows without asking, are caught by the {@link EgressProxy}.
 */
public final class RequestGuard {

    private static final Set<String> INERT_SCHEMES = Set.of("data", "blob", "about");
    private static final Pattern EVERYTHING = Pattern.compile(".*");

    private final EgressPolicy policy;

    public RequestGuard(EgressPolicy policy) {
        if (policy == null) {
            throw new IllegalArgumentException("policy must not be null");
        }
        this.policy = policy;
    }

    /** Installs the checks on a fresh context before any page opens in it. */
    public void install(BrowserContext context) {
        context.route(EVERYTHING, this::check);
        context.routeWebSocket(EVERYTHING, socket -> socket.close());
    }

    private void check(Route route) {
        String url = route.request().url();
        String scheme = url.substring(0, Math.max(0, url.indexOf(':'))).toLowerCase(Locale.ROOT);
        if (INERT_SCHEMES.contains(scheme) && !route.request().isNavigationRequest()) {
            route.resume();
            return;
        }
        try {
            policy.checkUrl(url);
            route.resume();
        } catch (EgressRefused e) {
            route.abort("blockedbyclient");
        }
    }
}
