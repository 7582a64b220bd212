package dev.quintet.console.web;

import dev.quintet.console.security.ConsoleUser;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** {@code GET /}: what Quintet is, and the way in. */
@Controller
final class HomeController {

    @GetMapping("/")
    String home(@AuthenticationPrincipal ConsoleUser user,
                @RequestParam(required = false) String deleted, Model model) {
        if (deleted != null) {
            model.addAttribute("info", "Your account and everything in it has been deleted.");
        }
        model.addAttribute("signedIn", user != null);
        return "home";
    }
}
