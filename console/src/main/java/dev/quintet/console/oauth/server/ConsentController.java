package dev.quintet.console.oauth.server;

import dev.quintet.console.security.ConsoleUser;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsent;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * {@code GET /oauth/consent}: asks the signed-in person whether the app may have the scopes it asked for. The
 * answer is posted to {@code /oauth/authorize}, which redirects to the app, so this page's policy lets its forms
 * lead to the app's registered redirect URIs.
 */
@Controller
final class ConsentController {

    private final RegisteredClientRepository clients;
    private final OAuth2AuthorizationConsentService consents;

    ConsentController(RegisteredClientRepository clients, OAuth2AuthorizationConsentService consents) {
        this.clients = clients;
        this.consents = consents;
    }

    /** A scope as the page lists it. */
    record ScopeRow(String name, String description, boolean alreadyGranted) {
    }

    @GetMapping(AuthorizationServerConfiguration.CONSENT)
    String consent(@AuthenticationPrincipal ConsoleUser user,
                   @RequestParam(name = "client_id", defaultValue = "") String clientId,
                   @RequestParam(defaultValue = "") String scope, @RequestParam(defaultValue = "") String state,
                   HttpServletRequest request, HttpServletResponse response, Model model) throws Exception {
        RegisteredClient client = clientId.isEmpty() ? null : clients.findByClientId(clientId);
        if (client == null || state.isEmpty()) {
            request.setAttribute(AuthorizationResponses.ERROR_ATTRIBUTE, new OAuth2Error("invalid_request"));
            response.setStatus(HttpStatus.BAD_REQUEST.value());
            request.getRequestDispatcher(OAuthErrorController.PATH).forward(request, response);
            return null;
        }
        OAuth2AuthorizationConsent previous = consents.findById(client.getId(), user.getUsername());
        Set<String> granted = previous == null ? Set.of() : previous.getScopes();
        List<ScopeRow> rows = Arrays.stream(scope.split(" ")).filter(Scopes.ALL::contains).distinct()
                .map(s -> new ScopeRow(s, Scopes.DESCRIPTIONS.get(s), granted.contains(s))).toList();
        response.setHeader("Content-Security-Policy", policyFor(client));
        model.addAttribute("clientName", client.getClientName());
        model.addAttribute("clientId", client.getClientId());
        model.addAttribute("state", state);
        model.addAttribute("scopes", rows);
        model.addAttribute("email", user.email());
        return "oauth/consent";
    }

    private static String policyFor(RegisteredClient client) {
        Set<String> origins = new LinkedHashSet<>();
        origins.add("'self'");
        client.getRedirectUris().forEach(uri -> origins.add(origin(uri)));
        return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
                + "base-uri 'none'; form-action " + origins.stream().collect(Collectors.joining(" "))
                + "; frame-ancestors 'none'";
    }

    private static String origin(String uri) {
        URI parsed = URI.create(uri);
        return parsed.getScheme() + "://" + parsed.getRawAuthority();
    }
}
