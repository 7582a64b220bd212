package dev.quintet.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.accounts.Account;
import org.junit.jupiter.api.Test;

class ConnectedAppsPageTest extends OAuthFlowFixture {

    @Test
    void listsAnAllowedAppAndRevokingItEndsItsTokens() {
        Account account = platform.newAccount();
        OAuthApp app = newApp(account);
        OAuthApp.Answer tokens = tokensFor(app, account);
        ConsoleBrowser browser = loggedIn(account);

        ConsoleBrowser.Page page = browser.get("/connected-apps");
        assertThat(page.body()).contains("Gig finder").contains("events:read").contains("data-client-id=\"" + app.clientId() + "\"");

        ConsoleBrowser.Page revoked = browser.follow(browser.submit(page, "/connected-apps/" + app.clientId() + "/revoke"));

        assertThat(revoked.body()).contains("Access is revoked").contains("id=\"no-grants\"");
        assertThat(app.refresh(tokens.text("refresh_token")).text("error")).isEqualTo("invalid_grant");
        assertThat(app.introspect(tokens.text("access_token")).body().get("active").asBoolean()).isFalse();
        assertThat(browser.get(app.authorizeUrl("again")).location()).contains("/oauth/consent");
    }

    @Test
    void showsNothingForAnAccountThatAllowedNoApp() {
        ConsoleBrowser browser = loggedIn(platform.newAccount());

        assertThat(browser.get("/connected-apps").body()).contains("id=\"no-grants\"");
    }
}
