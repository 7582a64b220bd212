package dev.quintet.console.keys;

import dev.quintet.console.security.ConsoleUser;
import dev.quintet.platform.keys.ApiKey;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** {@code POST /keys} creates a key, {@code POST /keys/{id}/revoke} revokes one; both go back to the dashboard. */
@Controller
final class KeysController {

    static final int MAX_LABEL_LENGTH = 100;

    private final ApiKeys keys;

    KeysController(ApiKeys keys) {
        this.keys = keys;
    }

    @PostMapping("/keys")
    String create(@AuthenticationPrincipal ConsoleUser user,
                  @RequestParam(defaultValue = "") String label,
                  @RequestParam(required = false) List<String> services,
                  RedirectAttributes flash) {
        String error = problemWith(label, services);
        if (error == null) {
            try {
                IssuedKey issued = keys.create(user.accountId(), label, services);
                flash.addFlashAttribute("newKey",
                        new NewKey(issued.secret(), issued.key().label(), issued.key().masked()));
                return "redirect:/dashboard#new-key";
            } catch (IllegalArgumentException e) {
                error = e.getMessage();
            }
        }
        flash.addFlashAttribute("keyError", error);
        flash.addFlashAttribute("keyLabel", label);
        flash.addFlashAttribute("keyServices", services == null ? List.of() : services);
        return "redirect:/dashboard#create-key";
    }

    @PostMapping("/keys/{id}/revoke")
    String revoke(@AuthenticationPrincipal ConsoleUser user, @PathVariable String id, RedirectAttributes flash) {
        ApiKey key = ownKey(user, id).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        boolean revoked = keys.revoke(user.accountId(), key.id());
        flash.addFlashAttribute("info", "Key “" + key.label() + "” (" + key.masked() + ") "
                + (revoked ? "is revoked; requests with it are now refused." : "was already revoked."));
        return "redirect:/dashboard#keys";
    }

    private Optional<ApiKey> ownKey(ConsoleUser user, String id) {
        UUID keyId;
        try {
            keyId = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        return keys.byId(keyId).filter(key -> key.accountId().equals(user.accountId()));
    }

    private static String problemWith(String label, List<String> services) {
        if (services == null || services.isEmpty()) {
            return "choose at least one service for the key";
        }
        if (label.strip().length() > MAX_LABEL_LENGTH) {
            return "label must be at most " + MAX_LABEL_LENGTH + " characters, got " + label.strip().length();
        }
        return null;
    }
}
