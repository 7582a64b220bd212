package dev.quintet.console.signup;

import dev.quintet.console.security.ConsoleUser;
import dev.quintet.console.security.SessionLogin;
import dev.quintet.console.web.FieldErrors;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.accounts.EmailAddress;
import dev.quintet.platform.accounts.InvalidAccountInput;
import dev.quintet.platform.accounts.PasswordPolicy;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** {@code /signup}: email, password and its confirmation; a new account is logged in at once. */
@Controller
final class SignupController {

    private final Accounts accounts;
    private final SessionLogin sessions;

    SignupController(Accounts accounts, SessionLogin sessions) {
        this.accounts = accounts;
        this.sessions = sessions;
    }

    @GetMapping("/signup")
    String form(@AuthenticationPrincipal ConsoleUser user, Model model) {
        if (user != null) {
            return "redirect:/dashboard";
        }
        model.addAttribute("email", "");
        model.addAttribute("errors", new FieldErrors());
        return "signup";
    }

    @PostMapping("/signup")
    String signUp(@RequestParam(defaultValue = "") String email,
                  @RequestParam(defaultValue = "") String password,
                  @RequestParam(name = "confirm_password", defaultValue = "") String confirmPassword,
                  HttpServletRequest request, HttpServletResponse response, Model model) {
        FieldErrors errors = new FieldErrors();
        errors.check(() -> EmailAddress.normalise(email));
        errors.check(() -> PasswordPolicy.check("password", password));
        if (!errors.has("password") && !password.equals(confirmPassword)) {
            errors.add("confirm_password", "passwords do not match");
        }
        if (errors.isEmpty()) {
            try {
                Account account = accounts.create(email, password);
                sessions.logIn(account, request, response);
                return "redirect:/dashboard";
            } catch (InvalidAccountInput e) {
                errors.add(e.field(), e.getMessage());
            }
        }
        response.setStatus(HttpStatus.UNPROCESSABLE_CONTENT.value());
        model.addAttribute("email", email.strip());
        model.addAttribute("errors", errors);
        return "signup";
    }
}
