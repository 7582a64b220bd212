package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.events.organizing.Organization;
import dev.quintet.events.organizing.Organizations;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import org.springframework.stereotype.Component;

/** The organization a caller's account publishes under, made on first use and named after the account's email. */
@Component
final class CallerOrganizations {

    private final Organizations organizations;
    private final Accounts accounts;

    CallerOrganizations(Organizations organizations, Accounts accounts) {
        this.organizations = organizations;
        this.accounts = accounts;
    }

    Organization of(Caller caller) {
        String name = accounts.byId(caller.accountId()).map(Account::email)
                .map(email -> email.substring(0, email.indexOf('@'))).orElse("Organization");
        return organizations.of(caller.accountId(), name);
    }
}
