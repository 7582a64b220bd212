package dev.quintet.events.auth;

import dev.quintet.platform.errors.ApiError;
import dev.quintet.platform.errors.ErrorWriter;
import dev.quintet.platform.web.ServiceRealm;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Lets a request through only with a valid access token in {@code Authorization: Bearer} (RFC 6750 §2.1; tokens
 * in the query or body are refused, as OAuth 2.1 asks). No token: 401 with a bare challenge; a bad or expired
 * one: 401 {@code invalid_token}; a malformed header: 400 {@code invalid_request}. Errors in Eventbrite's shape.
 */
public final class BearerAuthenticator extends OncePerRequestFilter {

    private static final List<String> TOKEN_PARAMETERS = List.of("token", "access_token");
    private static final String CHALLENGE = "Bearer realm=\"events\"";

    private final AccessTokens tokens;
    private final ServiceRealm realm;
    private final ErrorWriter errors;

    public BearerAuthenticator(AccessTokens tokens, ServiceRealm realm, ErrorWriter errors) {
        this.tokens = tokens;
        this.realm = realm;
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return realm.isPublic(request.getRequestURI());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader("Authorization");
        if (header == null) {
            if (TOKEN_PARAMETERS.stream().anyMatch(p -> request.getParameter(p) != null)) {
                refuse(request, response, 400, "invalid_auth_header", "invalid_request",
                        "send the access token in the Authorization header as 'Bearer <token>', not in the URL or body");
                return;
            }
            response.setHeader("WWW-Authenticate", CHALLENGE);
            errors.write(request, response, new ApiError(401, "no_auth",
                    "an access token is required: send 'Authorization: Bearer <token>'", null, null));
            return;
        }
        if (!header.regionMatches(true, 0, "Bearer ", 0, 7) || header.substring(7).isBlank()) {
            refuse(request, response, 400, "invalid_auth_header", "invalid_request",
                    "the Authorization header must be 'Bearer <token>'");
            return;
        }
        try {
            request.setAttribute(Caller.ATTRIBUTE, tokens.verify(header.substring(7).strip()));
        } catch (AccessTokens.InvalidToken e) {
            refuse(request, response, 401, "invalid_auth", "invalid_token", e.getMessage());
            return;
        }
        chain.doFilter(request, response);
    }

    private void refuse(HttpServletRequest request, HttpServletResponse response, int status, String code,
                        String oauthError, String description) throws IOException {
        response.setHeader("WWW-Authenticate", CHALLENGE + ", error=\"" + oauthError + "\", error_description=\""
                + description.replace("\"", "'").replace("\\", "") + "\"");
        errors.write(request, response, new ApiError(status, code, description, null, null));
    }
}
