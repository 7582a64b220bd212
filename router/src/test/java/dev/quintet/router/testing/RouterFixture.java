package dev.quintet.router.testing;

import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.credits.Credits;
import dev.quintet.platform.keys.ApiKeys;
import dev.quintet.platform.keys.IssuedKey;
import dev.quintet.platform.testing.TestPlatform;
import dev.quintet.router.RouterApplication;
import dev.quintet.router.generations.Generations;
import dev.quintet.router.providers.RouterEnvironment;
import dev.quintet.router.routing.EndpointDraw;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A router on a real port whose providers are a {@link FakeUpstream} (as {@code fake-a}, {@code fake-b} and, with
 * key {@code sk-test}, {@code openai}; speaking Anthropic's format as {@code fake-anthropic} with key
 * {@code sk-ant-test}, models {@code claude/<behaviour>}; Gemini's as {@code fake-gemini} with key
 * {@code gem-test}, models {@code gemini/<behaviour>}) plus {@code dead}, a port nobody listens on. The test models are
 * {@code test/<behaviour>}; see {@link #CONFIG}. Its own key's account holds {@link #FIXTURE_CREDIT} USD, so
 * paid models answer; {@link #newCaller()} makes keys of fresh accounts without credit.
 */
public final class RouterFixture implements AutoCloseable {

    /** The messages of the smallest chat request, to splice into a JSON body. */
    public static final String HI = "\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]";

    /** A streaming chat request for {@code model}. */
    public static String streamBody(String model) {
        return "{\"model\":\"" + model + "\",\"stream\":true," + HI + "}";
    }

    /** The payloads of a Server-Sent Events answer's {@code data:} lines. */
    public static List<String> sseData(java.net.http.HttpResponse<String> response) {
        return response.body().lines().filter(l -> l.startsWith("data: ")).map(l -> l.substring(6)).toList();
    }

    public static final BigDecimal FIXTURE_CREDIT = new BigDecimal("100");

    /** A key of a fresh account. */
    public record TestCaller(String key, UUID accountId, UUID keyId) {

        public String[] auth() {
            return new String[] {"Authorization", "Bearer " + key, "Content-Type", "application/json"};
        }
    }

    static final String CONFIG = """
            {"providers":[
              {"slug":"fake-a","name":"Fake A","base_url":"%1$s",
               "data_policy":{"training":false,"retains_prompts":true,"retention_days":30}},
              {"slug":"fake-b","name":"Fake B","base_url":"%2$s","api_key":"sk-b",
               "data_policy":{"training":false,"retains_prompts":false}},
              {"slug":"dead","name":"Dead","base_url":"%3$s"},
              {"slug":"openai","base_url":"%4$s"},
              {"slug":"fake-anthropic","name":"Fake Anthropic","base_url":"%5$s","api":"anthropic","api_key":"sk-ant-test"},
              {"slug":"fake-gemini","name":"Fake Gemini","base_url":"%6$s","api":"gemini","api_key":"gem-test"}],
             "models":[
              {"id":"test/ok","provider":"fake-a","model":"ok","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/tools","provider":"fake-a","model":"tools"},
              {"id":"test/fallback-500","provider":"fake-a","model":"err500","pricing":{"prompt":"0.000001"}},
              {"id":"test/fallback-500","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/fallback-429","provider":"fake-a","model":"err429","pricing":{"prompt":"0.000001"}},
              {"id":"test/fallback-429","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/emptydone","provider":"fake-a","model":"emptydone","pricing":{"prompt":"0.000001"}},
              {"id":"test/emptydone","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/choiceusage","provider":"fake-a","model":"choiceusage","pricing":{"prompt":"0.000003",
               "completion":"0.000015","input_cache_read":"0.0000003","input_cache_write":"0.00000375"}},
              {"id":"test/tpm413","provider":"fake-a","model":"tpm413","pricing":{"prompt":"0.000001"}},
              {"id":"test/tpm413","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/retired","provider":"fake-a","model":"retired","pricing":{"prompt":"0.000001"}},
              {"id":"test/retired","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/extra422","provider":"fake-a","model":"extra422"},
              {"id":"test/no-fallback","provider":"fake-a","model":"err500","pricing":{"prompt":"0.000001"}},
              {"id":"test/no-fallback","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/cooling","provider":"fake-a","model":"err500","pricing":{"prompt":"0.000001"}},
              {"id":"test/cooling","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/refused","provider":"dead","model":"ok","pricing":{"prompt":"0.000001"}},
              {"id":"test/refused","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/all-429","provider":"fake-a","model":"err429"},
              {"id":"test/all-500","provider":"fake-a","model":"err500"},
              {"id":"test/all-500:free","provider":"fake-a","model":"err500"},
              {"id":"test/bad-request","provider":"fake-a","model":"err400"},
              {"id":"test/bad-key","provider":"fake-a","model":"err401"},
              {"id":"test/flagged","provider":"fake-a","model":"flagged"},
              {"id":"test/moderated","provider":"fake-a","model":"flagged","pricing":{"prompt":"0.000001"}},
              {"id":"test/moderated","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/flagged-or-down","provider":"fake-a","model":"flagged","pricing":{"prompt":"0.000001"}},
              {"id":"test/flagged-or-down","provider":"fake-b","model":"err500","pricing":{"prompt":"0.000002"}},
              {"id":"test/drop","provider":"fake-a","model":"drop","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/slow","provider":"fake-a","model":"slow"},
              {"id":"test/stall","provider":"fake-a","model":"stall","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/nousage","provider":"fake-a","model":"nousage","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/nolimit","provider":"fake-a","model":"big","pricing":{"prompt":"0.000001","completion":"0.000002"},
               "supported_parameters":["temperature"]},
              {"id":"test/long","provider":"fake-a","model":"long","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/long","provider":"fake-b","model":"long","pricing":{"prompt":"0.000002","completion":"0.000002"}},
              {"id":"test/paid-500","provider":"fake-a","model":"err500","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/down","provider":"fake-a","model":"err500","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/down","provider":"fake-b","model":"err500","pricing":{"prompt":"0.000002","completion":"0.000002"}},
              {"id":"test/down","provider":"dead","model":"ok","pricing":{"prompt":"0.000003","completion":"0.000002"}},
              {"id":"test/hang","provider":"fake-a","model":"hang","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/free","provider":"fake-a","model":"ok","pricing":{"prompt":"0","completion":"0"}},
              {"id":"test/ok:free","provider":"fake-a","model":"ok","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/big","provider":"fake-a","model":"big","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/cached","provider":"fake-a","model":"cached","pricing":{"prompt":"0.000003","completion":"0.000015",
               "input_cache_read":"0.0000003","input_cache_write":"0.00000375","internal_reasoning":"0.00002",
               "request":"0.0001"}},
              {"id":"test/errorbefore","provider":"fake-a","model":"errorbefore","pricing":{"prompt":"0.000001"}},
              {"id":"test/errorbefore","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/params","provider":"fake-a","model":"ok","pricing":{"prompt":"0.000001"},
               "supported_parameters":["temperature","max_tokens"]},
              {"id":"test/params","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"},
               "supported_parameters":["temperature","max_tokens","tools","tool_choice","top_p"]},
              {"id":"claude/ok","provider":"fake-anthropic","model":"ok","max_completion_tokens":4096,
               "pricing":{"prompt":"0.000003","completion":"0.000015"}},
              {"id":"claude/tools","provider":"fake-anthropic","model":"tools","max_completion_tokens":64000,
               "pricing":{"prompt":"0.000003","completion":"0.000015","input_cache_read":"0.0000003",
               "input_cache_write":"0.00000375","input_cache_write_1h":"0.000006"}},
              {"id":"claude/unsetcounts","provider":"fake-anthropic","model":"unsetcounts",
               "pricing":{"prompt":"0.000003","completion":"0.000015","input_cache_read":"0.0000003",
               "input_cache_write":"0.00000375","input_cache_write_1h":"0.000006"}},
              {"id":"claude/noargs","provider":"fake-anthropic","model":"noargs"},
              {"id":"claude/listed","provider":"fake-anthropic","model":"ok","max_completion_tokens":4096,
               "supported_parameters":["max_tokens","tools","tool_choice"]},
              {"id":"claude/overloaded","provider":"fake-anthropic","model":"err529","pricing":{"prompt":"0.000001"}},
              {"id":"claude/overloaded","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"claude/errorbefore","provider":"fake-anthropic","model":"errorbefore","pricing":{"prompt":"0.000001"}},
              {"id":"claude/errorbefore","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"claude/rate-limited","provider":"fake-anthropic","model":"err429"},
              {"id":"claude/bad-request","provider":"fake-anthropic","model":"err400"},
              {"id":"claude/bad-key","provider":"fake-anthropic","model":"err401"},
              {"id":"claude/slow","provider":"fake-anthropic","model":"slow"},
              {"id":"claude/drop","provider":"fake-anthropic","model":"drop"},
              {"id":"gemini/ok","provider":"fake-gemini","model":"ok","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"mixed/ok","provider":"fake-anthropic","model":"ok","max_completion_tokens":4096},
              {"id":"free/mixed","provider":"dead","model":"ok"},
              {"id":"free/mixed","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000001"}},
              {"id":"free/one","provider":"fake-b","model":"ok"},
              {"id":"free/two:free","provider":"fake-b","model":"ok"},
              {"id":"mixed/ok","provider":"fake-gemini","model":"ok"},
              {"id":"gemini/tools","provider":"fake-gemini","model":"tools","max_completion_tokens":65536,
               "pricing":{"prompt":"0.00000125","completion":"0.00001","input_cache_read":"0.000000125"}},
              {"id":"gemini/maxtokens","provider":"fake-gemini","model":"maxtokens"},
              {"id":"gemini/overloaded","provider":"fake-gemini","model":"err503","pricing":{"prompt":"0.000001"}},
              {"id":"gemini/overloaded","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"gemini/errorbefore","provider":"fake-gemini","model":"errorbefore","pricing":{"prompt":"0.000001"}},
              {"id":"gemini/errorbefore","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"gemini/bad-key","provider":"fake-gemini","model":"badkey","pricing":{"prompt":"0.000001"}},
              {"id":"gemini/bad-key","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"gemini/rate-limited","provider":"fake-gemini","model":"err429"},
              {"id":"gemini/bad-request","provider":"fake-gemini","model":"err400"},
              {"id":"gemini/slow","provider":"fake-gemini","model":"slow"},
              {"id":"gemini/drop","provider":"fake-gemini","model":"drop"},
              {"id":"test/flaky","provider":"fake-a","model":"err500","pricing":{"prompt":"0.000001"}},
              {"id":"test/flaky","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"test/private","provider":"dead","model":"ok","pricing":{"prompt":"0.0000001","completion":"0.0000001"}},
              {"id":"test/private","provider":"fake-a","model":"ok","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/private","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002","completion":"0.000002"}},
              {"id":"test/weighted","provider":"fake-a","model":"ok","pricing":{"prompt":"0.000001","completion":"0.000001"}},
              {"id":"test/weighted","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002","completion":"0.000002"}},
              {"id":"test/speed","provider":"fake-a","model":"lag","pricing":{"prompt":"0.000001","completion":"0.000001"}},
              {"id":"test/speed","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002","completion":"0.000002"}},
              {"id":"test/pricey","provider":"fake-a","model":"ok","pricing":{"prompt":"0.000003","completion":"0.000015"}},
              {"id":"test/pricey","provider":"fake-b","model":"ok",
               "pricing":{"prompt":"0.000001","completion":"0.000002","request":"0.01"}},
              {"id":"test/thinks","provider":"fake-a","model":"thinks","pricing":{"prompt":"0.000001",
               "completion":"0.000002","internal_reasoning":"0.000004"}},
              {"id":"test/thinktags","provider":"fake-a","model":"thinktags","pricing":{"prompt":"0.000001",
               "completion":"0.000002","internal_reasoning":"0.000004"}},
              {"id":"test/thinkcut","provider":"fake-a","model":"thinkcut","pricing":{"prompt":"0.000001",
               "completion":"0.000002","internal_reasoning":"0.000004"}},
              {"id":"test/wide","name":"Test: Wide Window","provider":"fake-a","model":"ok","context_length":1000000,
               "pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"test/narrow","provider":"fake-a","model":"ok","context_length":4096,
               "pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"text/ok","provider":"fake-a","model":"ok","pricing":{"prompt":"0.000001","completion":"0.000002"},
               "supported_parameters":["max_tokens","temperature","stop","logprobs"]},
              {"id":"text/drop","provider":"fake-a","model":"drop","pricing":{"prompt":"0.000001","completion":"0.000002"}},
              {"id":"text/fallback","provider":"fake-a","model":"err500","pricing":{"prompt":"0.000001"}},
              {"id":"text/fallback","provider":"fake-b","model":"ok","pricing":{"prompt":"0.000002"}},
              {"id":"text/chatonly","provider":"fake-a","model":"chatonly","pricing":{"prompt":"0.000001"}},
              {"id":"text/claude","provider":"fake-anthropic","model":"ok","max_completion_tokens":4096,
               "pricing":{"prompt":"0.000003","completion":"0.000015"}},
              {"id":"text/gemini","provider":"fake-gemini","model":"ok","pricing":{"prompt":"0.000001","completion":"0.000002"}}]}
            """;

    private final TestPlatform platform;
    private final ConfigurableApplicationContext app;
    private final FakeUpstream fake;
    private final String url;
    private final String key;

    private RouterFixture(TestPlatform platform, ConfigurableApplicationContext app, FakeUpstream fake, String url,
                          String key) {
        this.platform = platform;
        this.app = app;
        this.fake = fake;
        this.url = url;
        this.key = key;
    }

    public static RouterFixture start() throws IOException {
        return start(Clock.systemUTC());
    }

    /**
     * A router on {@code clock}; {@code args} add settings such as {@code --quintet.router.free.per-day=5} or replace
     * the fixture's keep-alive interval (300 ms) and upstream timeout (10 s). Unless they set
     * {@code --quintet.router.routing.seed}, the price-weighted choice always draws 0, which picks the cheapest
     * endpoint, so that tests know where a request goes.
     */
    public static RouterFixture start(Clock clock, String... args) throws IOException {
        FakeUpstream fake = new FakeUpstream();
        Path config = Files.createTempFile("router-config", ".json");
        Files.writeString(config, CONFIG.formatted(fake.baseUrl("a"), fake.baseUrl("b"), deadUrl(),
                fake.baseUrl("openai"), fake.root("anthropic"), fake.root("gemini")));
        config.toFile().deleteOnExit();
        TestPlatform platform = TestPlatform.start(clock);
        platform.context().getBeanFactory().registerSingleton("routerEnvironment",
                new RouterEnvironment(Map.of("OPENAI_API_KEY", "sk-test")));
        if (Arrays.stream(args).noneMatch(a -> a.startsWith("--quintet.router.routing.seed"))) {
            platform.context().getBeanFactory().registerSingleton("endpointDraw", (EndpointDraw) () -> 0.0);
        }
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--quintet.router.config=" + config);
        for (String setting : List.of("--quintet.router.keep-alive-interval=300ms",
                "--quintet.router.upstream-timeout=10s")) {
            String name = setting.substring(0, setting.indexOf('=') + 1);
            if (all.stream().noneMatch(a -> a.startsWith(name))) {
                all.add(setting);
            }
        }
        if (all.stream().noneMatch(a -> a.startsWith("--quintet.router.free."))) {
            all.add("--quintet.router.free.per-minute=1000");
        }
        ConfigurableApplicationContext app = AppLauncher.startApp(platform.context(), RouterApplication.class, "router",
                0, all.toArray(String[]::new));
        String url = AppLauncher.scheme(platform.context()) + "://127.0.0.1:" + AppLauncher.port(app);
        IssuedKey key = platform.newKey("router");
        platform.bean(Credits.class).grant(key.key().accountId(), FIXTURE_CREDIT, "test fixture");
        return new RouterFixture(platform, app, fake, url, key.secret());
    }

    private static String deadUrl() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return "http://127.0.0.1:" + socket.getLocalPort() + "/v1";
        }
    }

    public String url() {
        return url;
    }

    public String key() {
        return key;
    }

    public TestPlatform platform() {
        return platform;
    }

    /** The router's bean of {@code type}. */
    public <T> T bean(Class<T> type) {
        return app.getBean(type);
    }

    /**
     * The credits, once the charges of the answers given so far are made: they are made behind the answer, so a test
     * reading a balance right after one waits for them, as every read of generations does.
     */
    public Credits credits() {
        app.getBean(Generations.class).flush();
        return platform.bean(Credits.class);
    }

    /** A router key of a fresh account without credit. */
    public TestCaller newCaller() {
        IssuedKey key = platform.newKey("router");
        return new TestCaller(key.secret(), key.key().accountId(), key.key().id());
    }

    /** Another router key of {@code caller}'s account. */
    public TestCaller anotherKeyOf(TestCaller caller) {
        IssuedKey key = platform.bean(ApiKeys.class).create(caller.accountId(), "another", List.of("router"));
        return new TestCaller(key.secret(), caller.accountId(), key.key().id());
    }

    public FakeUpstream fake() {
        return fake;
    }

    public String[] auth() {
        return new String[] {"Authorization", "Bearer " + key, "Content-Type", "application/json"};
    }

    @Override
    public void close() {
        platform.close();
        fake.close();
    }
}
