package dev.quintet.console.dashboard;

import dev.quintet.console.web.Money;
import dev.quintet.console.keys.KeyRow;
import dev.quintet.console.llm.LimitReset;
import dev.quintet.console.security.ConsoleUser;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.usage.UsageCounters;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.server.ResponseStatusException;

/** {@code GET /dashboard}: services, balance, keys (with the one just created, once) and usage. */
@Controller
final class DashboardController {

    static final int USAGE_DAYS = 30;
    private static final int LEDGER_ROWS = 20;

    private final Accounts accounts;
    private final ApiKeys keys;
    private final Credits credits;
    private final UsageCounters usage;
    private final ServiceDirectory services;
    private final Clock clock;
    private final UsageCharts charts = new UsageCharts(USAGE_DAYS);

    DashboardController(Accounts accounts, ApiKeys keys, Credits credits, UsageCounters usage,
                        ServiceDirectory services, Clock clock) {
        this.accounts = accounts;
        this.keys = keys;
        this.credits = credits;
        this.usage = usage;
        this.services = services;
        this.clock = clock;
    }

    @GetMapping("/dashboard")
    String dashboard(@AuthenticationPrincipal ConsoleUser user, Model model) {
        Account account = accounts.byId(user.accountId())
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        usage.flush();
        List<UsageCounters.Day> days = usage.ofAccount(account.id(), USAGE_DAYS);
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        model.addAttribute("account", account);
        model.addAttribute("services", services.all());
        model.addAttribute("keyedServices", services.keyed());
        model.addAttribute("balance", Money.usd(credits.balance(account.id())));
        model.addAttribute("ledger", credits.entries(account.id(), LEDGER_ROWS).stream().map(LedgerRow::of).toList());
        model.addAttribute("keys", keys.ofAccount(account.id()).stream().map(KeyRow::of).toList());
        model.addAttribute("charts", services.keyed().stream()
                .map(s -> charts.chart(s.id(), s.name(), days, today)).toList());
        model.addAttribute("limitResets", LimitReset.choices());
        if (!model.containsAttribute("keyServices")) {
            model.addAttribute("keyServices", List.of());
            model.addAttribute("keyLabel", "");
            model.addAttribute("keyLimit", "");
            model.addAttribute("keyLimitReset", "none");
        }
        return "dashboard";
    }
}
