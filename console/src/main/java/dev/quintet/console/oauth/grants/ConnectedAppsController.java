package dev.quintet.console.oauth.grants;

import dev.quintet.console.security.ConsoleUser;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** {@code /connected-apps}: the apps the user allowed, and revoking one (its consent and every token it holds). */
@Controller
final class ConnectedAppsController {

    private final Consents consents;
    private final Authorizations authorizations;
    private final TransactionTemplate transactions;

    ConnectedAppsController(Consents consents, Authorizations authorizations, TransactionTemplate transactions) {
        this.consents = consents;
        this.authorizations = authorizations;
        this.transactions = transactions;
    }

    @GetMapping("/connected-apps")
    String page(@AuthenticationPrincipal ConsoleUser user, Model model) {
        model.addAttribute("grants", consents.ofAccount(user.accountId()));
        return "oauth/connected";
    }

    @PostMapping("/connected-apps/{clientId}/revoke")
    String revoke(@AuthenticationPrincipal ConsoleUser user, @PathVariable String clientId, RedirectAttributes flash) {
        boolean had = Boolean.TRUE.equals(transactions.execute(status ->
                authorizations.revoke(user.accountId(), clientId) > 0 | consents.revoke(user.accountId(), clientId)));
        flash.addFlashAttribute("info", had
                ? "Access is revoked: the app's refresh tokens stop working now, its access tokens within 15 minutes."
                : "That app had no access to revoke.");
        return "redirect:/connected-apps";
    }
}
