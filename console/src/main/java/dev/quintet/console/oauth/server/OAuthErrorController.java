package dev.quintet.console.oauth.server;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.RequestMapping;

/** The page shown instead of redirecting when an authorization request names an unknown client or redirect URI. */
@Controller
final class OAuthErrorController {

    static final String PATH = "/oauth/error";

    private static final Map<String, String> EXPLANATIONS = Map.of(
            "invalid_request", "The app sent an authorization request that is missing something or has a value we "
                    + "cannot accept: an unknown app, or a redirect URI that is not exactly one the app registered.",
            "unauthorized_client", "This app is not allowed to ask for access this way.",
            "invalid_scope", "The app asked for a permission that does not exist.",
            "access_denied", "Access was not granted.");

    @RequestMapping(PATH)
    String error(HttpServletRequest request, HttpServletResponse response, Model model) {
        if (!(request.getAttribute(AuthorizationResponses.ERROR_ATTRIBUTE) instanceof OAuth2Error error)) {
            response.setStatus(HttpStatus.NOT_FOUND.value());
            return "error/404";
        }
        response.setStatus(HttpStatus.BAD_REQUEST.value());
        model.addAttribute("code", error.getErrorCode());
        model.addAttribute("description", error.getDescription());
        model.addAttribute("explanation", EXPLANATIONS.getOrDefault(error.getErrorCode(),
                "The app's authorization request could not be handled."));
        return "oauth/error";
    }
}
