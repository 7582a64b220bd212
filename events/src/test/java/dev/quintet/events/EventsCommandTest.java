package dev.quintet.events;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.events.cli.EventsCommand;
import dev.quintet.platform.AppLauncher;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/** {@code events seed}: usage and exit 2 on bad arguments; N events in the data directory's database otherwise. */
class EventsCommandTest {

    @TempDir
    Path dataDir;

    record Result(int status, String out, String err) {
    }

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = EventsCommand.execute(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void refusesBadArgumentsWithUsageAndStatus2() {
        for (String[] args : List.of(new String[] {}, new String[] {"grow"}, new String[] {"seed"},
                new String[] {"seed", "--count"}, new String[] {"seed", "--count", "ten"},
                new String[] {"seed", "--count", "-1"}, new String[] {"seed", "--count", "5", "--colour", "red"},
                new String[] {"seed", "--count=5", "--seed", "x"}, new String[] {"seed", "--count", "5", "extra"})) {
            Result result = run(args);
            assertThat(result.status()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(result.err()).contains("usage: java -jar quintet.jar events seed --count N");
        }
        assertThat(run("seed", "--count", "ten").err()).contains("--count must be a whole number from 0 to 1000000, got 'ten'");
        assertThat(run("help").status()).isZero();
    }

    @Test
    void seedsTheDataDirectorysDatabase() {
        Result result = run("seed", "--count", "30", "--seed", "5", "--data-dir", dataDir.toString());

        assertThat(result.status()).as(result.err()).isZero();
        assertThat(result.out()).contains("seeded=30");
        try (ConfigurableApplicationContext platform = AppLauncher.startPlatform(null,
                "--quintet.data-dir=" + dataDir, "--logging.level.root=warn")) {
            long live = platform.getBean(JdbcClient.class)
                    .sql("SELECT count(*) FROM events.events WHERE status = 'live'").query(Long.class).single();
            assertThat(live).isEqualTo(30);
        }
    }
}
