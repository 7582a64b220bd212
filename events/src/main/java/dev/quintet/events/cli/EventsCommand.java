package dev.quintet.events.cli;

import dev.quintet.events.catalog.EventSeeder;
import dev.quintet.events.catalog.Events;
import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.db.SchemaMigrations;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code java -jar quintet.jar events seed --count N [--seed S] [--data-dir DIR]}: adds N demo events (with
 * organizers, venues and ticket classes) to the data directory's database, the same ones for the same seed.
 * Wrong arguments print the usage and return 2; a failure returns 1.
 */
public final class EventsCommand {

    public static final String USAGE = """
            usage: java -jar quintet.jar events seed --count N [--seed S] [--data-dir DIR]
              --count     how many events to add, 0..1000000
              --seed      random seed (default 1); the same seed gives the same events
              --data-dir  the data directory (default $QUINTET_DATA_DIR or ./data)""";

    /** The checked arguments of {@code seed}. */
    record SeedArguments(int count, long seed, String dataDir) {
    }

    private EventsCommand() {
    }

    public static int execute(List<String> args, PrintStream out, PrintStream err) {
        if (!args.isEmpty() && (args.getFirst().equals("help") || args.getFirst().equals("--help"))) {
            out.println(USAGE);
            return 0;
        }
        SeedArguments seed;
        try {
            seed = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("quintet events: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        List<String> platformArgs = new ArrayList<>(List.of("--logging.level.root=warn",
                "--logging.level.io.zonky=error", "--quintet.usage-flush-interval=1h"));
        if (seed.dataDir() != null) {
            platformArgs.add("--quintet.data-dir=" + seed.dataDir());
        }
        try (ConfigurableApplicationContext platform = AppLauncher.startPlatform(null, platformArgs.toArray(String[]::new))) {
            SchemaMigrations.migrate(platform.getBean(DataSource.class), "events");
            Events events = new Events(platform.getBean(JdbcClient.class), platform.getBean(Clock.class));
            List<Long> ids = new EventSeeder(events, platform.getBean(Clock.class)).seed(seed.count(), seed.seed());
            out.println("seeded=" + ids.size());
            if (!ids.isEmpty()) {
                out.println("first_id=" + ids.getFirst());
                out.println("last_id=" + ids.getLast());
            }
            return 0;
        } catch (RuntimeException e) {
            err.println("quintet events seed: " + e.getMessage());
            return 1;
        }
    }

    static SeedArguments parse(List<String> args) {
        if (args.isEmpty() || !args.getFirst().equals("seed")) {
            throw new IllegalArgumentException(args.isEmpty() ? "a command is required" : "unknown command '" + args.getFirst() + "'");
        }
        Integer count = null;
        long seed = 1;
        String dataDir = null;
        for (int i = 1; i < args.size(); i++) {
            String arg = args.get(i);
            int eq = arg.indexOf('=');
            String name = eq > 0 ? arg.substring(0, eq) : arg;
            if (!List.of("--count", "--seed", "--data-dir").contains(name)) {
                throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
            if (eq < 0 && i + 1 >= args.size()) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            String value = eq > 0 ? arg.substring(eq + 1) : args.get(++i);
            switch (name) {
                case "--count" -> count = (int) number(name, value, 0, 1_000_000);
                case "--seed" -> seed = number(name, value, Long.MIN_VALUE, Long.MAX_VALUE);
                default -> dataDir = nonBlank(name, value);
            }
        }
        if (count == null) {
            throw new IllegalArgumentException("--count is required");
        }
        return new SeedArguments(count, seed, dataDir);
    }

    private static long number(String name, String value, long min, long max) {
        try {
            long n = Long.parseLong(value.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(name + " must be a whole number" + (min == 0 ? " from 0 to " + max : "")
                + ", got '" + value + "'");
    }

    private static String nonBlank(String name, String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        return value;
    }
}
