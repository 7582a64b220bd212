package dev.quintet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.oauth2.client.web.client.RequestAttributeClientRegistrationIdResolver.clientRegistrationId;

import com.jayway.jsonpath.JsonPath;
import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import dev.quintet.console.ConsoleApplication;
import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.console.oauth.RegisteredClient;
import dev.quintet.events.EventsApplication;
import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.Events;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.security.oauth2.client.autoconfigure.OAuth2ClientAutoConfiguration;
import org.springframework.boot.security.oauth2.client.autoconfigure.servlet.OAuth2ClientWebSecurityAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClient;
import org.springframework.security.oauth2.client.OAuth2AuthorizedClientManager;
import org.springframework.security.oauth2.client.RefreshTokenOAuth2AuthorizedClientProvider;
import org.springframework.security.oauth2.client.endpoint.RestClientRefreshTokenTokenResponseClient;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizedClientRepository;
import org.springframework.security.oauth2.client.web.client.OAuth2ClientHttpRequestInterceptor;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/**
 * Spring Security's OAuth 2 Client, a standard client library we did not write, as a real client of the console
 * and the events API: a small web app configured only with Boot's standard registration properties (the issuer
 * URI, so endpoints come from our RFC 8414 metadata; client id and secret; {@code client_secret_basic}; PKCE is
 * Spring's default) takes a person through log-in and consent in Chromium, calls the events API with the token it
 * got, and, once the access token has expired, refreshes it by itself and calls again.
 */
class SpringOAuthClientTest {

    @Test
    void springSecurityOAuthClientCompletesTheFlowAndRefreshesByItself() throws Exception {
        MutableClock clock = new MutableClock(Instant.now());
        try (TestPlatform platform = TestPlatform.start(clock);
             Playwright playwright = Chromium.playwright();
             Browser browser = Chromium.launch(playwright)) {
            String console = platform.startApp(ConsoleApplication.class, "console");
            String events = platform.startApp(EventsApplication.class, "events", "--quintet.events.issuer-uri=" + console);
            Account user = platform.newAccount();
            String word = "gigfinder" + Long.toString(System.nanoTime(), 36).replaceAll("[0-9]", "");
            addOnlineEvent(platform, clock, "Late " + word + " session");

            try (GigFinder app = GigFinder.start(platform, user, console, events, word, clock)) {
                Page page = browser.newContext().newPage();
                List<String> visited = new CopyOnWriteArrayList<>();
                page.onRequest(request -> visited.add(request.url()));

                page.navigate(app.base + "/oauth2/authorization/quintet");
                page.fill("#email", user.email());
                page.fill("#password", "correct-horse-battery");
                page.click("#login-button");
                page.click("#allow");
                page.waitForURL(app.base + "/gigs");

                String authorize = visited.stream().filter(u -> u.startsWith(console + "/oauth/authorize?")).findFirst().orElseThrow();
                Map<String, String> asked = OAuthQuery.parse(authorize);
                assertThat(asked).containsEntry("response_type", "code").containsEntry("client_id", app.clientId)
                        .containsEntry("redirect_uri", app.base + "/gigs").containsEntry("code_challenge_method", "S256")
                        .containsKeys("state", "code_challenge");
                assertThat(asked.get("scope").split(" ")).containsExactlyInAnyOrder("events:read", "user:read");
                String back = visited.stream().filter(u -> u.startsWith(app.base + "/gigs?")).findFirst().orElseThrow();
                assertThat(OAuthQuery.parse(back)).containsEntry("state", asked.get("state"))
                        .containsEntry("iss", console).containsKey("code");

                String first = page.textContent("#result");
                assertThat(first).contains("user: " + user.id() + " " + user.email().substring(0, user.email().indexOf('@')))
                        .contains("search: 1 event(s) for " + word + "; first: Late " + word + " session");
                String firstToken = line(first, "access token: ");
                String firstRefresh = line(first, "refresh token: ");

                page.reload();
                assertThat(line(page.textContent("#result"), "access token: ")).as("no refresh while the token is fresh")
                        .isEqualTo(firstToken);
                assertThat(app.refreshes()).isZero();

                clock.advance(Duration.ofMinutes(16));
                page.reload();
                String second = page.textContent("#result");
                assertThat(second).contains("user: " + user.id()).contains("search: 1 event(s) for " + word);
                assertThat(line(second, "access token: ")).isNotEqualTo(firstToken);
                assertThat(line(second, "refresh token: ")).as("the refresh token rotates").isNotEqualTo(firstRefresh);
                // Spring reckons a new token's expiry from the system clock, which the test does not move, so the
                // app may refresh again before its second call: each refresh rotates, and each new token works.
                assertThat(app.refreshes()).as("refresh-token grants the app made").isPositive();
            }
        }
    }

    private static String line(String text, String prefix) {
        return text.lines().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() ->
                new AssertionError("no line '" + prefix + "' in:\n" + text)).substring(prefix.length());
    }

    private static void addOnlineEvent(TestPlatform platform, Clock clock, String name) {
        Events events = new Events(platform.bean(JdbcClient.class), clock);
        long organizer = events.addOrganizer(null, "Gig finder test organizer", "", null);
        Instant start = clock.instant().plus(Duration.ofDays(3));
        events.addEvent(Event.of(organizer, null, name, "<p>Jazz, late.</p>", "Jazz, late.", null, "UTC", start,
                start.plus(Duration.ofHours(2)), "live", true, true, 100, "USD", "103", "6"), List.of());
    }

    /** The third-party app: a Spring Boot web app started on its own, knowing our servers only by URL. */
    static final class GigFinder implements AutoCloseable {

        final String base;
        final String clientId;
        private final ConfigurableApplicationContext context;

        private GigFinder(String base, String clientId, ConfigurableApplicationContext context) {
            this.base = base;
            this.clientId = clientId;
            this.context = context;
        }

        /**
         * Registers the app on the console (its redirect URI needs its port, so the port is chosen first and the
         * start retried on another one if something took it meanwhile), then starts it.
         */
        static GigFinder start(TestPlatform platform, Account owner, String console, String events, String search,
                               Clock clock) throws IOException {
            OAuthClients clients = new OAuthClients(platform.bean(JdbcClient.class), platform.bean(Clock.class), new SecureRandom());
            RuntimeException last = null;
            for (int attempt = 0; attempt < 5; attempt++) {
                int port;
                try (ServerSocket socket = new ServerSocket(0)) {
                    port = socket.getLocalPort();
                }
                String base = "http://127.0.0.1:" + port;
                RegisteredClient registered = clients.register(owner.id(), "Gig finder", List.of(base + "/gigs"), false);
                String prefix = "--spring.security.oauth2.client.";
                try {
                    ConfigurableApplicationContext context = new SpringApplicationBuilder(App.class)
                            .web(WebApplicationType.SERVLET)
                            .initializers(ctx -> ctx.getBeanFactory().registerSingleton("clock", clock))
                            .logStartupInfo(false)
                            .run("--server.port=" + port,
                                    "--server.address=127.0.0.1",
                                    "--spring.main.banner-mode=off",
                                    "--spring.jmx.enabled=false",
                                    "--logging.config=classpath:dev/quintet/platform/logback.xml",
                                    // the console and the app share a host, and browsers do not keep cookies apart by port
                                    "--server.servlet.session.cookie.name=GIGFINDER_SESSION",
                                    "--gig-finder.events-url=" + events,
                                    "--gig-finder.search=" + search,
                                    prefix + "provider.quintet.issuer-uri=" + console,
                                    prefix + "registration.quintet.client-id=" + registered.client().clientId(),
                                    prefix + "registration.quintet.client-secret=" + registered.secret(),
                                    prefix + "registration.quintet.client-authentication-method=client_secret_basic",
                                    prefix + "registration.quintet.authorization-grant-type=authorization_code",
                                    prefix + "registration.quintet.redirect-uri={baseUrl}/gigs",
                                    prefix + "registration.quintet.scope=events:read,user:read");
                    return new GigFinder(base, registered.client().clientId(), context);
                } catch (RuntimeException e) {
                    last = e;
                    if (!String.valueOf(rootCause(e).getMessage()).toLowerCase().contains("address already in use")) {
                        throw e;
                    }
                }
            }
            throw last;
        }

        private static Throwable rootCause(Throwable e) {
            while (e.getCause() != null && e.getCause() != e) {
                e = e.getCause();
            }
            return e;
        }

        int refreshes() {
            return context.getBean("refreshCount", AtomicInteger.class).get();
        }

        @Override
        public void close() {
            context.close();
        }
    }

    /** Only the auto-configuration a small OAuth client web app needs; nothing from our modules. */
    @SpringBootConfiguration(proxyBeanMethods = false)
    @ImportAutoConfiguration({TomcatServletWebServerAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
            WebMvcAutoConfiguration.class, HttpMessageConvertersAutoConfiguration.class,
            SecurityAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class,
            SecurityFilterAutoConfiguration.class, OAuth2ClientAutoConfiguration.class,
            OAuth2ClientWebSecurityAutoConfiguration.class})
    @Import(GigsController.class)
    static class App {

        @Bean
        SecurityFilterChain security(HttpSecurity http) throws Exception {
            return http.authorizeHttpRequests(requests -> requests.anyRequest().permitAll())
                    .oauth2Client(client -> { })
                    .build();
        }

        /** The refresh tokens the app has used, counted as they go to the token endpoint. */
        @Bean
        AtomicInteger refreshCount() {
            return new AtomicInteger();
        }

        /**
         * Spring's refresh-token provider and token client, on the app's clock (the one the test moves); Spring's
         * default authorized-client manager picks this provider up in place of its own.
         */
        @Bean
        RefreshTokenOAuth2AuthorizedClientProvider refreshTokenProvider(Clock clock, AtomicInteger refreshCount) {
            RestClientRefreshTokenTokenResponseClient tokenEndpoint = new RestClientRefreshTokenTokenResponseClient();
            RefreshTokenOAuth2AuthorizedClientProvider provider = new RefreshTokenOAuth2AuthorizedClientProvider();
            provider.setClock(clock);
            provider.setAccessTokenResponseClient(grant -> {
                refreshCount.incrementAndGet();
                return tokenEndpoint.getTokenResponse(grant);
            });
            return provider;
        }
    }

    /** The app's one page: who the person is and what the events API finds, with fingerprints of the tokens. */
    @RestController
    static class GigsController {

        private final RestClient events;
        private final OAuth2AuthorizedClientRepository authorizedClients;
        private final String search;

        GigsController(OAuth2AuthorizedClientManager manager, OAuth2AuthorizedClientRepository authorizedClients,
                       @Value("${gig-finder.events-url}") String eventsUrl, @Value("${gig-finder.search}") String search) {
            this.events = RestClient.builder().baseUrl(eventsUrl)
                    .requestInterceptor(new OAuth2ClientHttpRequestInterceptor(manager))
                    .build();
            this.authorizedClients = authorizedClients;
            this.search = search;
        }

        @GetMapping(value = "/gigs", produces = "text/html")
        String gigs(HttpServletRequest request) {
            String me = events.get().uri("/v3/users/me/").attributes(clientRegistrationId("quintet"))
                    .retrieve().body(String.class);
            List<String> lines = new ArrayList<>();
            lines.add("user: " + JsonPath.read(me, "$.id") + " " + JsonPath.read(me, "$.name"));
            String q = search;
            String found = events.get().uri(uri -> uri.path("/v3/events/search/").queryParam("q", q).build())
                    .attributes(clientRegistrationId("quintet")).retrieve().body(String.class);
            List<String> names = JsonPath.read(found, "$.events[*].name.text");
            lines.add("search: " + JsonPath.read(found, "$.pagination.object_count") + " event(s) for " + q
                    + (names.isEmpty() ? "" : "; first: " + names.getFirst()));
            OAuth2AuthorizedClient client = authorizedClients.loadAuthorizedClient("quintet",
                    SecurityContextHolder.getContext().getAuthentication(), request);
            lines.add("access token: " + fingerprint(client.getAccessToken().getTokenValue()));
            lines.add("refresh token: " + fingerprint(client.getRefreshToken().getTokenValue()));
            return "<!DOCTYPE html><title>Gig finder</title><pre id=\"result\">" + String.join("\n", lines) + "</pre>";
        }

        private static String fingerprint(String token) {
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
                return HexFormat.of().formatHex(digest, 0, 8);
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Query parameters of a URL, decoded. */
    static final class OAuthQuery {

        static Map<String, String> parse(String url) {
            Map<String, String> params = new java.util.LinkedHashMap<>();
            String query = URI.create(url).getRawQuery();
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                params.put(java.net.URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
            return params;
        }
    }
}
