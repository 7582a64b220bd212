package dev.quintet.console.account;

import dev.quintet.console.security.ConsoleUser;
import dev.quintet.console.security.LoginThrottle;
import dev.quintet.console.security.SessionLogin;
import dev.quintet.console.web.FieldErrors;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.accounts.InvalidAccountInput;
import dev.quintet.platform.accounts.PasswordPolicy;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /account}: change the password ({@code POST /account/password}) or delete the account
 * ({@code POST /account/delete}). Both ask for the current password, and wrong guesses count against the same
 * limits as log-in.
 */
@Controller
final class AccountController {

    private final Accounts accounts;
    private final AccountDeletion deletion;
    private final LoginThrottle throttle;
    private final SessionLogin sessions;

    AccountController(Accounts accounts, AccountDeletion deletion, LoginThrottle throttle, SessionLogin sessions) {
        this.accounts = accounts;
        this.deletion = deletion;
        this.throttle = throttle;
        this.sessions = sessions;
    }

    @GetMapping("/account")
    String page(@AuthenticationPrincipal ConsoleUser user, Model model) {
        return render(user, new FieldErrors(), model);
    }

    @PostMapping("/account/password")
    String changePassword(@AuthenticationPrincipal ConsoleUser user,
                          @RequestParam(name = "current_password", defaultValue = "") String current,
                          @RequestParam(name = "new_password", defaultValue = "") String next,
                          @RequestParam(name = "confirm_password", defaultValue = "") String confirm,
                          HttpServletRequest request, HttpServletResponse response, Model model,
                          RedirectAttributes flash) {
        FieldErrors errors = new FieldErrors();
        if (current.isEmpty()) {
            errors.add("current_password", "current password is required");
        }
        errors.check(() -> PasswordPolicy.check("new_password", next));
        if (!errors.has("new_password") && !next.equals(confirm)) {
            errors.add("confirm_password", "passwords do not match");
        }
        if (errors.isEmpty() && passwordCheckAllowed(user, request, errors, "current_password")) {
            try {
                accounts.changePassword(user.accountId(), current, next);
                request.changeSessionId();
                flash.addFlashAttribute("info", "Your password is changed.");
                return "redirect:/account";
            } catch (InvalidAccountInput e) {
                throttle.recordFailure(user.email(), request.getRemoteAddr());
                errors.add(e.field(), e.getMessage());
            }
        }
        response.setStatus(HttpStatus.UNPROCESSABLE_CONTENT.value());
        return render(user, errors, model);
    }

    @PostMapping("/account/delete")
    String delete(@AuthenticationPrincipal ConsoleUser user, @RequestParam(defaultValue = "") String password,
                  HttpServletRequest request, HttpServletResponse response, Model model) {
        FieldErrors errors = new FieldErrors();
        if (passwordCheckAllowed(user, request, errors, "delete_password")) {
            Account account = current(user);
            if (accounts.passwordMatches(account, password)) {
                deletion.delete(account.id());
                sessions.logOut(request, response);
                return "redirect:/?deleted";
            }
            throttle.recordFailure(user.email(), request.getRemoteAddr());
            errors.add("delete_password", "password is not correct; the account was not deleted");
        }
        response.setStatus(HttpStatus.UNPROCESSABLE_CONTENT.value());
        return render(user, errors, model);
    }

    private boolean passwordCheckAllowed(ConsoleUser user, HttpServletRequest request, FieldErrors errors,
                                         String field) {
        Optional<Duration> wait = throttle.blockedFor(user.email(), request.getRemoteAddr());
        wait.ifPresent(w -> errors.add(field, LoginThrottle.refusal("password", w)));
        return wait.isEmpty();
    }

    private String render(ConsoleUser user, FieldErrors errors, Model model) {
        model.addAttribute("account", current(user));
        model.addAttribute("errors", errors);
        return "account";
    }

    private Account current(ConsoleUser user) {
        return accounts.byId(user.accountId()).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
    }
}
