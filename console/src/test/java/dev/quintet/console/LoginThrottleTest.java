package dev.quintet.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private static final String PASSWORD = "correct-horse-battery";
    private static final int PER_IP = 25;

    private static final MutableClock clock = new MutableClock(Instant.parse("2026-03-10T09:00:00Z"));
    private static TestPlatform platform;
    private static String base;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(clock);
        base = platform.startApp(ConsoleApplication.class, "console", "--quintet.console.login-attempts-per-ip=" + PER_IP);
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    @BeforeEach
    void letEarlierAttemptsLapse() {
        clock.advance(Duration.ofMinutes(16));
    }

    private static String loginMessage(ConsoleBrowser browser, String email, String password) {
        ConsoleBrowser.Page result = browser.logIn(email, password);
        return result.location().endsWith("/login?error") ? browser.follow(result).body() : "logged in";
    }

    @Test
    void stopsCheckingAnEmailsPasswordAfterTenFailuresUntilFifteenMinutesPass() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = new ConsoleBrowser(base);
        for (int i = 0; i < 10; i++) {
            assertThat(loginMessage(browser, account.email(), "wrong-" + i)).contains("email or password is not correct");
        }

        assertThat(loginMessage(browser, account.email(), PASSWORD))
                .contains("too many login attempts; try again in 15 minutes");
        clock.advance(Duration.ofMinutes(10));
        assertThat(loginMessage(new ConsoleBrowser(base), account.email(), PASSWORD))
                .contains("too many login attempts; try again in 5 minutes");

        clock.advance(Duration.ofMinutes(5));
        assertThat(loginMessage(browser, account.email(), PASSWORD)).isEqualTo("logged in");
    }

    @Test
    void aSuccessfulLoginClearsTheEmailsCount() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = new ConsoleBrowser(base);
        for (int i = 0; i < 9; i++) {
            loginMessage(browser, account.email(), "wrong-" + i);
        }
        assertThat(loginMessage(browser, account.email(), PASSWORD)).isEqualTo("logged in");

        ConsoleBrowser other = new ConsoleBrowser(base);
        for (int i = 0; i < 10; i++) {
            assertThat(loginMessage(other, account.email(), "wrong-again-" + i)).contains("email or password is not correct");
        }
        assertThat(loginMessage(other, account.email(), PASSWORD)).contains("too many login attempts");
    }

    @Test
    void stopsCheckingPasswordsFromOneClientThatFailedTooOftenWhateverTheEmail() {
        Account account = platform.newAccount();
        ConsoleBrowser browser = new ConsoleBrowser(base);
        for (int i = 0; i < PER_IP; i++) {
            loginMessage(browser, "guess-" + UUID.randomUUID() + "@example.com", PASSWORD);
        }

        assertThat(loginMessage(browser, account.email(), PASSWORD)).contains("too many login attempts; try again in 15 minutes");

        clock.advance(Duration.ofMinutes(15));
        assertThat(loginMessage(browser, account.email(), PASSWORD)).isEqualTo("logged in");
    }
}
