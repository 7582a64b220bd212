package dev.quintet.console.security;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/** {@code GET /login}: the log-in form, with the outcome of the last attempt. */
@Controller
final class LoginController {

    @GetMapping("/login")
    String login(@AuthenticationPrincipal ConsoleUser user, HttpServletRequest request, Model model) {
        if (user != null) {
            return "redirect:/dashboard";
        }
        LoginNotice notice = LoginNotice.takeFrom(request);
        if (notice != null) {
            model.addAttribute("error", notice.message());
            model.addAttribute("email", notice.email());
        } else if (request.getParameter("error") != null) {
            model.addAttribute("error", LoginNotice.GENERIC);
        }
        if (request.getParameter("logout") != null) {
            model.addAttribute("info", "You are logged out.");
        } else if (request.getParameter("ended") != null) {
            model.addAttribute("info", "Your session has ended; log in again.");
        }
        return "login";
    }
}
