package dev.quintet.packages.testing;

import dev.quintet.packages.PackagesApplication;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The packages app on a test platform, every upstream pointed at one fake, with an emptied store; Debian is ingested
 * only when a test asks.
 */
public final class PackagesTestApp implements AutoCloseable {

    public final TestPlatform platform;
    public final String baseUrl;
    public final String key;
    private final ConfigurableApplicationContext app;

    private PackagesTestApp(TestPlatform platform, ConfigurableApplicationContext app) {
        this.platform = platform;
        this.app = app;
        this.baseUrl = AppLauncher.scheme(platform.context()) + "://127.0.0.1:" + AppLauncher.port(app);
        this.key = platform.newKey("packages").secret();
    }

    public static PackagesTestApp start(MutableClock clock, FakeUpstream fake, List<String> platformArgs, String... appArgs) {
        TestPlatform platform = TestPlatform.start(clock, platformArgs.toArray(String[]::new));
        List<String> args = new ArrayList<>(List.of(appArgs));
        if (args.stream().noneMatch(a -> a.startsWith("--quintet.packages.debian.ingest-on-schedule="))) {
            args.add("--quintet.packages.debian.ingest-on-schedule=false");
        }
        for (Ecosystem e : Ecosystem.values()) {
            String eco = e.key();
            args.add("--quintet.packages.upstreams." + eco + "=" + fake.baseUrl());
        }
        for (String secondary : List.of("clojars-api", "clojars-parents", "deno-cdn", "github-raw", "bower-repositories")) {
            args.add("--quintet.packages.upstreams." + secondary + "=" + fake.baseUrl());
        }
        ConfigurableApplicationContext app = AppLauncher.startApp(platform.context(), PackagesApplication.class,
                "packages", 0, args.toArray(String[]::new));
        platform.bean(JdbcClient.class).sql("truncate packages.projects cascade").update();
        return new PackagesTestApp(platform, app);
    }

    /** A bean of the packages app. */
    public <T> T bean(Class<T> type) {
        return app.getBean(type);
    }

    public String url(String path) {
        return baseUrl + path;
    }

    public String[] auth() {
        return new String[] {"Authorization", "Bearer " + key};
    }

    @Override
    public void close() {
        platform.close();
    }
}
