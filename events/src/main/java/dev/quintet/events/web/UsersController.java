package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v3/users/me/}, scope {@code user:read}: the account the token acts for. Accounts have no personal
 * name, so {@code name} is the email's local part; emails are not verified by the platform.
 */
@RestController
final class UsersController {

    private final Accounts accounts;

    UsersController(Accounts accounts) {
        this.accounts = accounts;
    }

    @GetMapping("/v3/users/me/")
    Map<String, Object> me(HttpServletRequest request) {
        Caller caller = Caller.of(request).require("user:read");
        Account account = accounts.byId(caller.accountId()).filter(Account::active)
                .orElseThrow(() -> new ApiException(404, "not_found", "the account this token was issued for no longer exists"));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", account.id().toString());
        body.put("name", account.email().substring(0, account.email().indexOf('@')));
        body.put("emails", List.of(Map.of("email", account.email(), "verified", false, "primary", true)));
        return body;
    }
}
