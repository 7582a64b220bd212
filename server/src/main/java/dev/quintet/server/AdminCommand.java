package dev.quintet.server;

import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.console.oauth.RegisteredClient;
import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.accounts.InvalidAccountInput;
import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.db.SchemaMigrations;
import dev.quintet.platform.keys.ApiKey;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.keys.Services;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code admin}: head-less set-up against the data directory's database. Works with or without a server running
 * on the same data directory (it attaches to that server's database).
 */
final class AdminCommand {

    static final String USAGE = """
            usage: java -jar quintet.jar admin <command> [--data-dir=DIR] ...
              create-account      --email E --password P
              create-key          --email E --services router,devices,capture,packages [--label L]
              revoke-key          --prefix P
              grant-credits       --email E --usd 10.00
              create-oauth-client --email E --name N --redirect-uri URI [--redirect-uri URI2 ...] [--public]""";

    private AdminCommand() {
    }

    static int execute(List<String> args, PrintStream out, PrintStream err) {
        if (args.isEmpty() || args.getFirst().equals("help") || args.getFirst().equals("--help")) {
            (args.isEmpty() ? err : out).println(USAGE);
            return args.isEmpty() ? 2 : 0;
        }
        String command = args.getFirst();
        Options options;
        try {
            options = Options.parse(args.subList(1, args.size()), allowed(command), Set.of("public"));
            validate(command, options);
        } catch (Options.UsageException e) {
            err.println("quintet admin: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        List<String> platformArgs = new ArrayList<>(List.of("--logging.level.root=warn",
                "--logging.level.io.zonky=error", "--quintet.usage-flush-interval=1h"));
        String dataDir = options.optional("data-dir", null);
        if (dataDir != null) {
            platformArgs.add("--quintet.data-dir=" + dataDir);
        }
        try (ConfigurableApplicationContext platform = AppLauncher.startPlatform(null, platformArgs.toArray(String[]::new))) {
            run(command, options, platform, out);
            return 0;
        } catch (IllegalArgumentException | InvalidAccountInput e) {
            err.println("quintet admin " + command + ": " + e.getMessage());
            return 1;
        }
    }

    private static Set<String> allowed(String command) {
        Set<String> common = Set.of("data-dir");
        Set<String> own = switch (command) {
            case "create-account" -> Set.of("email", "password");
            case "create-key" -> Set.of("email", "services", "label");
            case "revoke-key" -> Set.of("prefix");
            case "grant-credits" -> Set.of("email", "usd");
            case "create-oauth-client" -> Set.of("email", "name", "redirect-uri");
            default -> throw new Options.UsageException("unknown command '" + command + "'");
        };
        Set<String> all = new java.util.HashSet<>(common);
        all.addAll(own);
        return all;
    }

    private static void validate(String command, Options o) {
        switch (command) {
            case "create-account" -> { o.required("email"); o.required("password"); }
            case "create-key" -> { o.required("email"); o.required("services"); }
            case "revoke-key" -> o.required("prefix");
            case "grant-credits" -> { o.required("email"); o.required("usd"); }
            case "create-oauth-client" -> { o.required("email"); o.required("name"); o.required("redirect-uri"); }
            default -> throw new Options.UsageException("unknown command '" + command + "'");
        }
        if (!command.equals("create-oauth-client") && o.flag("public")) {
            throw new Options.UsageException("--public only goes with create-oauth-client");
        }
    }

    private static void run(String command, Options o, ConfigurableApplicationContext platform, PrintStream out) {
        Accounts accounts = platform.getBean(Accounts.class);
        switch (command) {
            case "create-account" -> {
                Account account = accounts.create(o.required("email"), o.required("password"));
                out.println("account_id=" + account.id());
                out.println("email=" + account.email());
            }
            case "create-key" -> {
                Account account = account(accounts, o.required("email"));
                IssuedKey issued = platform.getBean(ApiKeys.class)
                        .create(account.id(), o.optional("label", "admin"), Services.parse(o.required("services")));
                out.println("key_prefix=" + issued.key().prefix());
                out.println("services=" + String.join(",", issued.key().services()));
                out.println(issued.secret());
            }
            case "revoke-key" -> {
                ApiKeys keys = platform.getBean(ApiKeys.class);
                List<ApiKey> found = keys.activeByPrefix(o.required("prefix"));
                if (found.size() != 1) {
                    throw new IllegalArgumentException(found.isEmpty()
                            ? "no active key has the prefix " + o.required("prefix")
                            : found.size() + " active keys share that prefix; revoke them in the console");
                }
                keys.revoke(found.getFirst().accountId(), found.getFirst().id());
                out.println("revoked=" + found.getFirst().masked());
            }
            case "grant-credits" -> {
                Account account = account(accounts, o.required("email"));
                BigDecimal usd = usd(o.required("usd"));
                BigDecimal balance = platform.getBean(Credits.class).grant(account.id(), usd, "admin grant");
                out.println("balance_usd=" + balance.stripTrailingZeros().toPlainString());
            }
            case "create-oauth-client" -> {
                Account account = account(accounts, o.required("email"));
                DataSource dataSource = platform.getBean(DataSource.class);
                SchemaMigrations.migrate(dataSource, "console");
                OAuthClients clients = new OAuthClients(platform.getBean(JdbcClient.class),
                        platform.getBean(Clock.class), platform.getBean(SecureRandom.class));
                RegisteredClient registered = clients.register(account.id(), o.required("name"),
                        o.all("redirect-uri"), o.flag("public"));
                out.println("client_id=" + registered.client().clientId());
                if (registered.secret() != null) {
                    out.println("client_secret=" + registered.secret());
                }
            }
            default -> throw new IllegalStateException(command);
        }
    }

    private static Account account(Accounts accounts, String email) {
        return accounts.byEmail(email).orElseThrow(() -> new IllegalArgumentException("no account has the email " + email));
    }

    private static BigDecimal usd(String raw) {
        try {
            return new BigDecimal(raw.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--usd must be a decimal amount such as 10.00, got '" + raw + "'");
        }
    }
}
