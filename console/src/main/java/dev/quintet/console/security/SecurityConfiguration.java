package dev.quintet.console.security;

import dev.quintet.console.ConsoleProperties;
import dev.quintet.platform.accounts.Accounts;
import jakarta.servlet.DispatcherType;
import java.time.Clock;
import java.util.Set;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.AccountStatusUserDetailsChecker;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;

/** The console's one filter chain: public pages, a form log-in for everything else, CSRF on every form. */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
final class SecurityConfiguration {

    static final String EMAIL_PARAMETER = "email";
    static final String PASSWORD_PARAMETER = "password";

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private static final Set<String> STATIC_ASSETS = Set.of("/console.css", "/console.js", "/favicon.svg", "/favicon.ico");
    /**
     * Pages anyone may see. {@code /.well-known/**} (RFC 8615) is for programs discovering what a server offers: a
     * path there that we do not serve must answer 404, not send the program to the log-in page (OAuth clients such as
     * Spring Security's try {@code /.well-known/openid-configuration} first and move on to RFC 8414's document only
     * on a 4xx).
     */
    private static final String[] PUBLIC_PAGES = {"/", "/signup", "/login", "/health", "/metrics", "/error", "/.well-known/**"};

    static boolean isStaticAsset(String path) {
        return STATIC_ASSETS.contains(path);
    }

    /**
     * No observations (timers and spans) of each security filter, authentication and authorization: on the token
     * endpoint they took 7 to 9% of the request threads' CPU samples. Requests are still timed as a whole
     * ({@code http.server.requests} on {@code /metrics}).
     */
    @Bean
    SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    LoginThrottle loginThrottle(Clock clock, ConsoleProperties properties) {
        return new LoginThrottle(clock, properties);
    }

    @Bean
    AuthenticationManager authenticationManager(Accounts accounts) {
        DaoAuthenticationProvider provider = new DaoAuthenticationProvider(new AccountUserDetailsService(accounts));
        provider.setPasswordEncoder(accounts.passwordEncoder());
        provider.setPreAuthenticationChecks(user -> { });
        provider.setPostAuthenticationChecks(new AccountStatusUserDetailsChecker());
        return new ProviderManager(provider);
    }

    @Bean
    SecurityContextRepository securityContextRepository() {
        return new HttpSessionSecurityContextRepository();
    }

    @Bean
    SessionLogin sessionLogin(SecurityContextRepository repository) {
        return new SessionLogin(repository);
    }

    @Bean
    SecurityFilterChain consoleSecurity(HttpSecurity http, AuthenticationManager authenticationManager,
                                        SecurityContextRepository repository, LoginThrottle throttle,
                                        Accounts accounts) {
        HttpSessionRequestCache requestCache = new HttpSessionRequestCache();
        requestCache.setMatchingRequestParameterName(null);
        LoginOutcomes outcomes = new LoginOutcomes(throttle, requestCache);
        http
                .authorizeHttpRequests(requests -> requests
                        .dispatcherTypeMatchers(DispatcherType.ERROR, DispatcherType.FORWARD).permitAll()
                        .requestMatchers(PUBLIC_PAGES).permitAll()
                        .requestMatchers(STATIC_ASSETS.toArray(String[]::new)).permitAll()
                        .anyRequest().authenticated())
                .authenticationManager(authenticationManager)
                .securityContext(context -> context.securityContextRepository(repository))
                .requestCache(cache -> cache.requestCache(requestCache))
                .formLogin(form -> form
                        .loginPage("/login")
                        .usernameParameter(EMAIL_PARAMETER)
                        .passwordParameter(PASSWORD_PARAMETER)
                        .successHandler(outcomes)
                        .failureHandler(outcomes))
                .logout(logout -> logout.logoutUrl("/logout").logoutSuccessUrl("/login?logout"))
                .sessionManagement(session -> session.sessionFixation(fixation -> fixation.changeSessionId()))
                .headers(headers -> headers
                        .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.SAME_ORIGIN)))
                .addFilterBefore(new LoginThrottleFilter(throttle), UsernamePasswordAuthenticationFilter.class)
                .addFilterAfter(new ActiveAccountFilter(accounts), AnonymousAuthenticationFilter.class);
        return http.build();
    }
}
