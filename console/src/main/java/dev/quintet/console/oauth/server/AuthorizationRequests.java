package dev.quintet.console.oauth.server;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Set;
import java.util.function.Consumer;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationContext;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationException;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationValidator;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Our rules on top of Spring's for an authorization request: the redirect URI must equal a registered one as a
 * string (no loopback port leeway), and a request naming no scope gets {@value Scopes#DEFAULT}.
 */
final class AuthorizationRequests {

    private AuthorizationRequests() {
    }

    /** Refuses, without a redirect, a redirect URI that is not byte-for-byte one the client registered. */
    static Consumer<OAuth2AuthorizationCodeRequestAuthenticationContext> validator() {
        Consumer<OAuth2AuthorizationCodeRequestAuthenticationContext> exact = context -> {
            OAuth2AuthorizationCodeRequestAuthenticationToken token = context.getAuthentication();
            String requested = token.getRedirectUri();
            if (requested != null && !context.getRegisteredClient().getRedirectUris().contains(requested)) {
                OAuth2Error error = new OAuth2Error(OAuth2ErrorCodes.INVALID_REQUEST,
                        "redirect_uri must be exactly one of the app's registered redirect URIs", null);
                throw new OAuth2AuthorizationCodeRequestAuthenticationException(error, null);
            }
        };
        return exact.andThen(new OAuth2AuthorizationCodeRequestAuthenticationValidator());
    }

    /** Wraps Spring's converter so a request without {@code scope} asks for the default scope. */
    static AuthenticationConverter withDefaultScope(AuthenticationConverter converter) {
        return (HttpServletRequest request) -> {
            Authentication converted = converter.convert(request);
            if (converted instanceof OAuth2AuthorizationCodeRequestAuthenticationToken token
                    && token.getAuthorizationCode() == null && token.getScopes().isEmpty()) {
                return new OAuth2AuthorizationCodeRequestAuthenticationToken(token.getAuthorizationUri(),
                        token.getClientId(), (Authentication) token.getPrincipal(), token.getRedirectUri(),
                        token.getState(), Set.of(Scopes.DEFAULT), token.getAdditionalParameters());
            }
            return converted;
        };
    }
}
