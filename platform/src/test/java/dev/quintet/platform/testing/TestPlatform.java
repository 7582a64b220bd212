package dev.quintet.platform.testing;

import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A platform context for tests on the JVM's shared embedded database, plus helpers to make accounts and keys.
 * Close it after the test class; apps started on it close with it.
 */
public final class TestPlatform implements AutoCloseable {

    private final ConfigurableApplicationContext context;

    private TestPlatform(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /** Starts on the embedded database; {@code args} add settings such as {@code --quintet.quota.free.router.per-minute=5}. */
    public static TestPlatform start(Clock clock, String... args) {
        return startOn(TestDatabase.embeddedUrl(), clock, args);
    }

    public static TestPlatform startOn(String jdbcUrl, Clock clock, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--quintet.database-url=" + jdbcUrl);
        if (all.stream().noneMatch(a -> a.startsWith("--quintet.redis-url="))) {
            all.add("--quintet.redis-url=");
        }
        if (all.stream().noneMatch(a -> a.startsWith("--quintet.data-dir="))) {
            all.add("--quintet.data-dir=" + temporaryDataDir());
        }
        return new TestPlatform(AppLauncher.startPlatform(clock, all.toArray(String[]::new)));
    }

    private static Path temporaryDataDir() {
        try {
            return Files.createTempDirectory("quintet-test-data");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ConfigurableApplicationContext context() {
        return context;
    }

    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    /** Starts an app as a child on a free port and returns its base URL. */
    public String startApp(Class<?> app, String name, String... args) {
        return AppLauncher.scheme(context) + "://127.0.0.1:" + AppLauncher.port(AppLauncher.startApp(context, app, name, 0, args));
    }

    /** A new account with a unique email and the password {@code correct-horse-battery}. */
    public Account newAccount() {
        return bean(Accounts.class).create("user-" + UUID.randomUUID() + "@example.com", "correct-horse-battery");
    }

    /** A key of a new account, enabled for {@code services}. */
    public IssuedKey newKey(String... services) {
        return bean(ApiKeys.class).create(newAccount().id(), "test", List.of(services));
    }

    @Override
    public void close() {
        context.close();
    }
}
