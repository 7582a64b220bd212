package dev.quintet.packages.testing;

import dev.quintet.packages.PackagesApplication;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.platform.testing.MutableClock;
import dev.quintet.platform.testing.TestPlatform;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The packages app on a test platform, every upstream pointed at one fake, with an emptied store. */
public final class PackagesTestApp implements AutoCloseable {

    public final TestPlatform platform;
    public final String baseUrl;
    public final String key;

    private PackagesTestApp(TestPlatform platform, String baseUrl) {
        this.platform = platform;
        this.baseUrl = baseUrl;
        this.key = platform.newKey("packages").secret();
    }

    public static PackagesTestApp start(MutableClock clock, FakeUpstream fake, List<String> platformArgs, String... appArgs) {
        TestPlatform platform = TestPlatform.start(clock, platformArgs.toArray(String[]::new));
        List<String> args = new ArrayList<>(List.of(appArgs));
        for (Ecosystem e : Ecosystem.values()) {
            String eco = e.key();
            args.add("--quintet.packages.upstreams." + eco + "=" + fake.baseUrl());
        }
        for (String secondary : List.of("clojars-api", "clojars-parents", "deno-cdn", "github-raw", "bower-repositories")) {
            args.add("--quintet.packages.upstreams." + secondary + "=" + fake.baseUrl());
        }
        String url = platform.startApp(PackagesApplication.class, "packages", args.toArray(String[]::new));
        platform.bean(JdbcClient.class).sql("truncate packages.projects cascade").update();
        return new PackagesTestApp(platform, url);
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
