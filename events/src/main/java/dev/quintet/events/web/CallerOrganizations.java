package dev.quintet.events.web;

import dev.quintet.events.auth.Caller;
import dev.quintet.events.organizing.Organization;
import dev.quintet.events.organizing.Organizations;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.errors.ApiException;
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

    /** The caller's organization when it is {@code organizationId}; 403 naming theirs otherwise. */
    Organization own(Caller caller, String organizationId) {
        Organization org = of(caller);
        if (!String.valueOf(org.id()).equals(organizationId)) {
            throw new ApiException(403, "not_authorized", "you may only use your own organization ("
                    + org.id() + "; see GET /v3/users/me/organizations/), not '" + organizationId + "'");
        }
        return org;
    }

    Organization of(Caller caller) {
        String name = accounts.byId(caller.accountId()).map(Account::email)
                .map(email -> email.substring(0, email.indexOf('@'))).orElse("Organization");
        return organizations.of(caller.accountId(), name);
    }
}
