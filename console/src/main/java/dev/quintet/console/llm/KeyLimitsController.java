package dev.quintet.console.llm;

import dev.quintet.console.calls.ServiceAnswer;
import dev.quintet.console.calls.ServiceCalls;
import dev.quintet.console.security.ConsoleUser;
import dev.quintet.console.web.FieldErrors;
import jakarta.servlet.http.HttpSession;
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
 * {@code POST /llm-usage/keys/{id}/limit} sets or removes a router key's spending limit through the router's
 * {@code PATCH /api/v1/keys/{hash}}, then goes back to the LLM usage page saying what happened.
 */
@Controller
final class KeyLimitsController {

    static final String PAGE = "redirect:/llm-usage#limits";

    private final ServiceCalls calls;

    KeyLimitsController(ServiceCalls calls) {
        this.calls = calls;
    }

    @PostMapping("/llm-usage/keys/{id}/limit")
    String setLimit(@AuthenticationPrincipal ConsoleUser user, HttpSession session, @PathVariable String id,
                    @RequestParam(defaultValue = "") String limit,
                    @RequestParam(name = "limit_reset", defaultValue = "none") String reset,
                    RedirectAttributes flash) {
        String key = keyId(id);
        FieldErrors errors = new FieldErrors();
        Optional<LimitInput> input = LimitInput.read(limit, reset, errors);
        if (input.isEmpty()) {
            String field = errors.has("limit") ? "limit" : "limit_reset";
            return refused(flash, new LimitRefusal(key, field, errors.of(field), limit, reset));
        }
        ServiceAnswer answer = input.get().setOn(key, calls, user, session);
        if (!answer.ok()) {
            String field = answer.body().path("error").path("param").asString(null);
            return refused(flash, new LimitRefusal(key, field, answer.message(), limit, reset));
        }
        flash.addFlashAttribute("limitSaved", saved(KeyLimitRow.of(answer.body().path("data"))));
        return PAGE;
    }

    private static String refused(RedirectAttributes flash, LimitRefusal refusal) {
        flash.addFlashAttribute("limitRefusal", refusal);
        return PAGE;
    }

    private static String saved(KeyLimitRow key) {
        return "Key “" + key.name() + "” (" + key.label() + ") "
                + (key.limited() ? "now has a limit of " + key.limitText() + "." : "now has no spending limit.");
    }

    private static String keyId(String text) {
        try {
            return UUID.fromString(text).toString();
        } catch (IllegalArgumentException e) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND);
        }
    }
}
