package dev.quintet.console.keys;

import dev.quintet.console.calls.ServiceAnswer;
import dev.quintet.console.calls.ServiceCalls;
import dev.quintet.console.calls.ServiceUnavailable;
import dev.quintet.console.llm.KeyLimitRow;
import dev.quintet.console.llm.LimitInput;
import dev.quintet.console.security.ConsoleUser;
import dev.quintet.console.web.FieldErrors;
import dev.quintet.platform.keys.ApiKey;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import jakarta.servlet.http.HttpSession;
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

/**
 * {@code POST /keys} creates a key, {@code POST /keys/{id}/revoke} revokes one; both go back to the dashboard. A
 * spending limit given with a new router key is set through the router's {@code PATCH /api/v1/keys/{hash}} once the
 * key exists; if that fails the key stays, and the page says so.
 */
@Controller
final class KeysController {

    private final ApiKeys keys;
    private final ServiceCalls calls;

    KeysController(ApiKeys keys, ServiceCalls calls) {
        this.keys = keys;
        this.calls = calls;
    }

    @PostMapping("/keys")
    String create(@AuthenticationPrincipal ConsoleUser user, HttpSession session,
                  @RequestParam(defaultValue = "") String label,
                  @RequestParam(required = false) List<String> services,
                  @RequestParam(defaultValue = "") String limit,
                  @RequestParam(name = "limit_reset", defaultValue = "none") String limitReset,
                  RedirectAttributes flash) {
        KeyForm form = new KeyForm(label, services, limit, limitReset);
        FieldErrors errors = new FieldErrors();
        Optional<LimitInput> limitInput = form.check(errors);
        if (limitInput.isEmpty()) {
            return refused(form, errors, flash);
        }
        IssuedKey issued;
        try {
            issued = keys.create(user.accountId(), form.label(), form.services());
        } catch (IllegalArgumentException e) {
            errors.add("services", e.getMessage());
            return refused(form, errors, flash);
        }
        flash.addFlashAttribute("newKey", new NewKey(issued.secret(), issued.key().label(), issued.key().masked()));
        if (limitInput.get().limited()) {
            setLimit(user, session, issued.key().id().toString(), limitInput.get(), flash);
        }
        return "redirect:/dashboard#new-key";
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

    /** Sets the new key's limit; a refusal or a router that does not answer is told, never thrown. */
    private void setLimit(ConsoleUser user, HttpSession session, String keyId, LimitInput limit,
                          RedirectAttributes flash) {
        String problem;
        try {
            ServiceAnswer answer = limit.setOn(keyId, calls, user, session);
            if (answer.ok()) {
                flash.addFlashAttribute("newKeyLimit", "Its spending limit is "
                        + KeyLimitRow.of(answer.body().path("data")).limitText() + ".");
                return;
            }
            problem = answer.message();
        } catch (ServiceUnavailable e) {
            problem = e.getMessage();
        }
        flash.addFlashAttribute("newKeyLimitProblem", "The key was created, but its spending limit was not set: "
                + (problem.endsWith(".") ? problem : problem + "."));
    }

    private static String refused(KeyForm form, FieldErrors errors, RedirectAttributes flash) {
        String field = KeyForm.firstRefused(errors);
        flash.addFlashAttribute("keyError", errors.of(field));
        flash.addFlashAttribute("keyErrorField", field);
        flash.addFlashAttribute("keyLabel", form.label());
        flash.addFlashAttribute("keyServices", form.services());
        flash.addFlashAttribute("keyLimit", LimitInput.shown(form.limit()));
        flash.addFlashAttribute("keyLimitReset", LimitInput.shown(form.limitReset()));
        return "redirect:/dashboard#create-key";
    }
}
