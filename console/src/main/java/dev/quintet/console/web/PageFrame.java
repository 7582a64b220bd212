package dev.quintet.console.web;

import dev.quintet.console.security.ConsoleUser;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/** Puts what the page header needs into every page's model. */
@ControllerAdvice
final class PageFrame {

    @ModelAttribute("signedInAs")
    String signedInAs(@AuthenticationPrincipal ConsoleUser user) {
        return user == null ? null : user.email();
    }
}
