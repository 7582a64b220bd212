package dev.quintet.console.oauth.server;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationException;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationToken;
import org.springframework.security.oauth2.server.authorization.context.AuthorizationServerContextHolder;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/**
 * How the authorization endpoint answers. A code or an error goes back to the client's redirect URI with
 * {@code state} unchanged and {@code iss} (RFC 9207), by a 303 so a consent POST is never replayed (RFC 9700
 * §4.12). When the client or its redirect URI could not be trusted, the user sees an error page and is never
 * redirected.
 */
final class AuthorizationResponses implements AuthenticationSuccessHandler, AuthenticationFailureHandler {

    static final String ERROR_ATTRIBUTE = AuthorizationResponses.class.getName() + ".error";

    @Override
    public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
                                        Authentication authentication) {
        var answer = (OAuth2AuthorizationCodeRequestAuthenticationToken) authentication;
        UriComponentsBuilder uri = UriComponentsBuilder.fromUriString(answer.getRedirectUri())
                .queryParam("code", encode(answer.getAuthorizationCode().getTokenValue()));
        redirect(response, uri, answer.getState());
    }

    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
                                        AuthenticationException exception) throws IOException, ServletException {
        OAuth2Error error = exception instanceof OAuth2AuthenticationException oauth
                ? oauth.getError() : new OAuth2Error("server_error");
        OAuth2AuthorizationCodeRequestAuthenticationToken request0 =
                exception instanceof OAuth2AuthorizationCodeRequestAuthenticationException e
                        ? e.getAuthorizationCodeRequestAuthentication() : null;
        if (request0 == null || request0.getRedirectUri() == null || request0.getRedirectUri().isBlank()) {
            request.setAttribute(ERROR_ATTRIBUTE, error);
            response.setStatus(HttpStatus.BAD_REQUEST.value());
            request.getRequestDispatcher(OAuthErrorController.PATH).forward(request, response);
            return;
        }
        UriComponentsBuilder uri = UriComponentsBuilder.fromUriString(request0.getRedirectUri())
                .queryParam("error", encode(error.getErrorCode()));
        if (error.getDescription() != null && !error.getDescription().isBlank()) {
            uri.queryParam("error_description", encode(error.getDescription()));
        }
        redirect(response, uri, request0.getState());
    }

    private static void redirect(HttpServletResponse response, UriComponentsBuilder uri, String state) {
        if (state != null && !state.isEmpty()) {
            uri.queryParam("state", encode(state));
        }
        uri.queryParam("iss", encode(AuthorizationServerContextHolder.getContext().getIssuer()));
        response.setStatus(HttpStatus.SEE_OTHER.value());
        response.setHeader("Location", uri.build(true).toUriString());
        response.setHeader("Cache-Control", "no-store");
    }

    private static String encode(String value) {
        return UriUtils.encode(value, StandardCharsets.UTF_8);
    }
}
