package dev.quintet.events.auth;

import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Set;
import java.util.UUID;

/** Who a request acts for, from its access token: the account, the app and the scopes granted. */
public record Caller(UUID accountId, String clientId, Set<String> scopes) {

    static final String ATTRIBUTE = Caller.class.getName();

    /** The caller of a request that passed {@link BearerAuthenticator}. */
    public static Caller of(HttpServletRequest request) {
        if (request.getAttribute(ATTRIBUTE) instanceof Caller caller) {
            return caller;
        }
        throw new IllegalStateException("no access token was checked for " + request.getRequestURI());
    }

    /** Refuses with 403 {@code insufficient_scope} unless the token carries {@code scope}. */
    public Caller require(String scope) {
        if (!scopes.contains(scope)) {
            throw new ApiException(403, "not_authorized", "this request needs the scope " + scope
                    + "; the access token has " + (scopes.isEmpty() ? "none" : String.join(" ", scopes.stream().sorted().toList())))
                    .withHeader("WWW-Authenticate", "Bearer realm=\"events\", error=\"insufficient_scope\", "
                            + "error_description=\"the access token lacks the scope " + scope + "\", scope=\"" + scope + "\"");
        }
        return this;
    }
}
