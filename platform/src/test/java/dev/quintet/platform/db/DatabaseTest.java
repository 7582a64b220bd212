package dev.quintet.platform.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.TestDatabase;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Storage: the embedded server keeps data across restarts with production durability, outlives an exit request until
 * its owner closes it; the external path works.
 */
class DatabaseTest {

    @TempDir
    Path dataDir;

    private ConfigurableApplicationContext startEmbedded() {
        return AppLauncher.startPlatform(null, "--quintet.data-dir=" + dataDir, "--quintet.database-url=");
    }

    @Test
    void embeddedDatabaseKeepsAccountsAndKeysAcrossARestart() {
        String email = "restart-" + UUID.randomUUID() + "@example.com";
        IssuedKey key;
        try (ConfigurableApplicationContext first = startEmbedded()) {
            Account account = first.getBean(Accounts.class).create(email, "correct-horse-battery");
            key = first.getBean(ApiKeys.class).create(account.id(), "kept", List.of("router"));
        }
        try (ConfigurableApplicationContext second = startEmbedded()) {
            assertThat(second.getBean(Accounts.class).byEmail(email)).isPresent();
            assertThat(second.getBean(ApiKeys.class).authenticate(key.secret()))
                    .hasValueSatisfying(h -> assertThat(h.key().label()).isEqualTo("kept"));
        }
    }

    @Test
    void embeddedDatabaseRunsWithFsyncAndSynchronousCommitOnAndVacuumsOften() {
        try (ConfigurableApplicationContext platform = startEmbedded()) {
            JdbcClient jdbc = platform.getBean(JdbcClient.class);
            assertThat(jdbc.sql("SHOW fsync").query(String.class).single()).isEqualTo("on");
            assertThat(jdbc.sql("SHOW synchronous_commit").query(String.class).single()).isEqualTo("on");
            assertThat(jdbc.sql("SHOW full_page_writes").query(String.class).single()).isEqualTo("on");
            assertThat(jdbc.sql("SHOW autovacuum_naptime").query(String.class).single()).isEqualTo("10s");
        }
    }

    @Test
    void anEmbeddedServerStopsWhenItsOwnerClosesItNotWhenTheProcessIsAskedToExit() throws Exception {
        Path directory = dataDir.resolve("postgres");
        Process owner = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), ExitingOwner.class.getName(), directory.toString())
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(owner.getInputStream(), StandardCharsets.UTF_8))) {
            List<String> lines = new ArrayList<>();
            for (String line = out.readLine(); line != null && !line.equals("ready"); line = out.readLine()) {
                lines.add(line);
            }
            owner.toHandle().destroy(); // SIGTERM, as a service manager stops a server (keeping its output open)
            out.lines().forEach(lines::add);
            assertThat(owner.waitFor(60, TimeUnit.SECONDS)).as("owner exited; it printed %s", lines).isTrue();
            assertThat(lines).contains("late query: 42");
        } finally {
            owner.destroyForcibly();
        }
        assertThat(EmbeddedDatabase.Postmaster.read(directory)).isEmpty();
    }

    @Test
    void aSecondProcessOnTheSameDataDirectoryUsesTheRunningServer() {
        try (ConfigurableApplicationContext first = startEmbedded();
             ConfigurableApplicationContext second = startEmbedded()) {
            String email = "shared-" + UUID.randomUUID() + "@example.com";
            first.getBean(Accounts.class).create(email, "correct-horse-battery");
            assertThat(second.getBean(Accounts.class).byEmail(email)).isPresent();
        }
    }

    @Test
    void externalDatabaseKeepsDataAcrossARestart() {
        String url = TestDatabase.externalUrl();
        assumeTrue(url != null, TestDatabase.EXTERNAL_URL_VARIABLE + " is not set");
        String email = "external-" + UUID.randomUUID() + "@example.com";
        IssuedKey key;
        try (ConfigurableApplicationContext first = AppLauncher.startPlatform(null, "--quintet.database-url=" + url)) {
            Account account = first.getBean(Accounts.class).create(email, "correct-horse-battery");
            key = first.getBean(ApiKeys.class).create(account.id(), "external", List.of("packages"));
        }
        try (ConfigurableApplicationContext second = AppLauncher.startPlatform(null, "--quintet.database-url=" + url)) {
            assertThat(second.getBean(ApiKeys.class).authenticate(key.secret())).isPresent();
            second.getBean(Accounts.class).byEmail(email).ifPresent(a -> second.getBean(Accounts.class).delete(a.id()));
        }
    }
}
