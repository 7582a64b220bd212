package dev.quintet.console.oauth;

import dev.quintet.console.security.ConsoleUser;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /oauth-apps}: register an app (name, redirect URIs one per line, confidential or public), see its Client
 * Secret once, rotate the secret, delete the app.
 */
@Controller
final class OAuthAppsController {

    private final OAuthClients clients;

    OAuthAppsController(OAuthClients clients) {
        this.clients = clients;
    }

    /** The credentials of an app just registered or rotated, carried to the next page only. */
    record Credentials(String name, String clientId, String secret) implements Serializable {

        @Override
        public String toString() {
            return "Credentials[" + clientId + "]";
        }
    }

    @GetMapping("/oauth-apps")
    String page(@AuthenticationPrincipal ConsoleUser user, Model model) {
        model.addAttribute("apps", clients.ofAccount(user.accountId()));
        if (!model.containsAttribute("appName")) {
            model.addAttribute("appName", "");
            model.addAttribute("appRedirectUris", "");
            model.addAttribute("appType", "confidential");
        }
        return "oauth/apps";
    }

    @PostMapping("/oauth-apps")
    String register(@AuthenticationPrincipal ConsoleUser user, @RequestParam(defaultValue = "") String name,
                    @RequestParam(name = "redirect_uris", defaultValue = "") String redirectUris,
                    @RequestParam(name = "type", defaultValue = "confidential") String type, RedirectAttributes flash) {
        List<String> uris = Arrays.stream(redirectUris.split("\\R")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        try {
            if (!type.equals("confidential") && !type.equals("public")) {
                throw new IllegalArgumentException("type must be confidential or public, got '" + type + "'");
            }
            RegisteredClient registered = clients.register(user.accountId(), name, uris, type.equals("public"));
            flash.addFlashAttribute("credentials", new Credentials(registered.client().name(),
                    registered.client().clientId(), registered.secret()));
            return "redirect:/oauth-apps#credentials";
        } catch (IllegalArgumentException e) {
            flash.addFlashAttribute("appError", e.getMessage());
            flash.addFlashAttribute("appName", name);
            flash.addFlashAttribute("appRedirectUris", redirectUris);
            flash.addFlashAttribute("appType", type);
            return "redirect:/oauth-apps#register";
        }
    }

    @PostMapping("/oauth-apps/{clientId}/rotate-secret")
    String rotate(@AuthenticationPrincipal ConsoleUser user, @PathVariable String clientId, RedirectAttributes flash) {
        RegisteredClient rotated = clients.rotateSecret(user.accountId(), clientId)
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        flash.addFlashAttribute("credentials", new Credentials(rotated.client().name(), clientId, rotated.secret()));
        return "redirect:/oauth-apps#credentials";
    }

    @PostMapping("/oauth-apps/{clientId}/delete")
    String delete(@AuthenticationPrincipal ConsoleUser user, @PathVariable String clientId, RedirectAttributes flash) {
        OAuthClient client = clients.byId(clientId).filter(c -> c.accountId().equals(user.accountId()))
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        clients.delete(user.accountId(), clientId);
        flash.addFlashAttribute("info", "App “" + client.name() + "” is deleted; its tokens no longer refresh.");
        return "redirect:/oauth-apps";
    }
}
