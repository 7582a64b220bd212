package dev.quintet.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.keys.KeyFormat;
import dev.quintet.platform.testing.Http;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admin commands, on a data directory of their own and beside a server running on it. */
class AdminCommandTest {

    @TempDir
    Path dataDir;

    record Result(int status, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }

        String value(String name) {
            return lines().stream().filter(l -> l.startsWith(name + "=")).findFirst().orElseThrow()
                    .substring(name.length() + 1);
        }
    }

    private Result admin(String... args) {
        List<String> all = new ArrayList<>(List.of("admin"));
        all.addAll(List.of(args));
        if (args.length > 0 && !args[0].equals("help")) {
            all.add("--data-dir=" + dataDir);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = QuintetServer.execute(all.toArray(String[]::new),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void createsAccountKeyCreditsAndOAuthClientsAndRevokesKeys() {
        String email = "admin-" + UUID.randomUUID() + "@example.com";
        Result account = admin("create-account", "--email", email, "--password", "correct-horse-battery");
        assertThat(account.status()).isZero();
        assertThat(account.value("email")).isEqualTo(email);

        Result key = admin("create-key", "--email", email, "--services", "router,packages", "--label", "ci");
        assertThat(key.status()).isZero();
        String secret = key.lines().getLast();
        assertThat(KeyFormat.isWellFormed(secret)).isTrue();
        assertThat(key.value("services")).isEqualTo("router,packages");

        Result credits = admin("grant-credits", "--email", email, "--usd", "10.00");
        assertThat(credits.status()).isZero();
        assertThat(credits.value("balance_usd")).isEqualTo("10");
        assertThat(admin("grant-credits", "--email", email, "--usd", "2.5").value("balance_usd")).isEqualTo("12.5");

        Result confidential = admin("create-oauth-client", "--email", email, "--name", "Gig Finder",
                "--redirect-uri", "https://gigs.example/callback", "--redirect-uri", "http://localhost:3000/cb");
        assertThat(confidential.status()).isZero();
        assertThat(confidential.value("client_id")).startsWith("qc_");
        assertThat(confidential.value("client_secret")).startsWith("qcs_");

        Result publicClient = admin("create-oauth-client", "--email", email, "--name", "Gig CLI",
                "--redirect-uri", "http://127.0.0.1:8765/cb", "--public");
        assertThat(publicClient.status()).isZero();
        assertThat(publicClient.out()).contains("client_id=qc_").doesNotContain("client_secret");

        Result revoked = admin("revoke-key", "--prefix", key.value("key_prefix"));
        assertThat(revoked.status()).isZero();
        assertThat(admin("revoke-key", "--prefix", key.value("key_prefix")).status()).isEqualTo(1);
    }

    @Test
    void refusesWrongArgumentsWithUsageAndStatus2() {
        Result noCommand = admin();
        assertThat(noCommand.status()).isEqualTo(2);
        assertThat(noCommand.err()).contains("usage:");

        Result unknown = admin("launch-rockets");
        assertThat(unknown.status()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown command", "usage:");

        Result missing = admin("create-key", "--email", "a@example.com");
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.err()).contains("--services is required");

        Result stray = admin("create-account", "--email", "a@example.com", "--password", "x", "--colour", "red");
        assertThat(stray.status()).isEqualTo(2);
        assertThat(stray.err()).contains("unknown option --colour");
    }

    @Test
    void reportsBadValuesWithStatus1() {
        assertThat(admin("create-account", "--email", "not-an-email", "--password", "correct-horse-battery").err())
                .contains("email must look like");
        Result shortPassword = admin("create-account", "--email", "p@example.com", "--password", "short");
        assertThat(shortPassword.status()).isEqualTo(1);
        assertThat(shortPassword.err()).contains("at least 10 characters");
        assertThat(admin("create-key", "--email", "nobody@example.com", "--services", "router").err())
                .contains("no account has the email");
        admin("create-account", "--email", "q@example.com", "--password", "correct-horse-battery");
        Result badService = admin("create-key", "--email", "q@example.com", "--services", "router,teleport");
        assertThat(badService.status()).isEqualTo(1);
        assertThat(badService.err()).contains("'teleport'");
        assertThat(admin("grant-credits", "--email", "q@example.com", "--usd", "-5").err()).contains("positive");
        assertThat(admin("create-oauth-client", "--email", "q@example.com", "--name", "x",
                "--redirect-uri", "http://evil.example/cb").err()).contains("https");
    }

    @Test
    void worksBesideAServerRunningOnTheSameDataDirectory() {
        Map<String, String> env = Map.of("QUINTET_ROUTER_PORT", "0");
        try (RunCommand.Running server = RunCommand.start(
                List.of("--services=router", "--data-dir=" + dataDir), env, new PrintStream(new ByteArrayOutputStream()))) {
            String email = "beside-" + UUID.randomUUID() + "@example.com";
            assertThat(admin("create-account", "--email", email, "--password", "correct-horse-battery").status()).isZero();
            Result key = admin("create-key", "--email", email, "--services", "router");
            String secret = key.lines().getLast();
            String whoami = "http://127.0.0.1:" + server.ports().get(App.ROUTER) + "/api/v1/whoami";

            HttpResponse<String> ok = Http.get(whoami, "Authorization", "Bearer " + secret);
            assertThat(ok.statusCode()).isEqualTo(200);

            assertThat(admin("revoke-key", "--prefix", key.value("key_prefix")).status()).isZero();
            server.platform().getBean(dev.quintet.platform.keys.ApiKeys.class).forgetCached();
            assertThat(Http.get(whoami, "Authorization", "Bearer " + secret).statusCode()).isEqualTo(401);
        }
    }
}
