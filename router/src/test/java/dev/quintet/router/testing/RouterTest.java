package dev.quintet.router.testing;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.RouterFixture.TestCaller;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Clock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;

/**
 * A test class against one {@link RouterFixture} with the default settings, or those of its {@link RouterSettings},
 * started before its tests and closed after them; the fake upstream forgets what it received before each test.
 */
public abstract class RouterTest {

    protected static RouterFixture router;

    @BeforeAll
    static void startRouter(TestInfo test) throws Exception {
        String[] settings = test.getTestClass().map(c -> c.getAnnotation(RouterSettings.class))
                .map(RouterSettings::value).orElse(new String[0]);
        router = RouterFixture.start(Clock.systemUTC(), settings);
    }

    @AfterAll
    static void stopRouter() {
        router.close();
    }

    @BeforeEach
    void clearFake() {
        router.fake().clear();
    }

    /** Posts {@code body} to the chat-completions endpoint with the fixture's own key. */
    protected static HttpResponse<String> chat(String body) {
        return Http.send("POST", router.url() + "/api/v1/chat/completions", body, router.auth());
    }

    /** Posts {@code body} to the chat-completions endpoint with {@code caller}'s key. */
    protected static HttpResponse<String> chat(TestCaller caller, String body) {
        return Http.send("POST", router.url() + "/api/v1/chat/completions", body, caller.auth());
    }

    /** The {@code error.message} of an error answer. */
    protected static String message(HttpResponse<String> response) {
        return JsonPath.read(response.body(), "$.error.message");
    }

    /** The body of {@code GET /generation} for the generation that gave {@code answer}, read with the fixture's key. */
    protected static String generationOf(HttpResponse<String> answer) {
        String id = answer.headers().firstValue("X-Generation-Id").orElseThrow();
        return Http.get(router.url() + "/api/v1/generation?id=" + id, router.auth()).body();
    }

    /** A key of a fresh account holding {@code usd} of credit. */
    protected static TestCaller callerWith(String usd) {
        TestCaller caller = router.newCaller();
        router.credits().grant(caller.accountId(), new BigDecimal(usd), "test");
        return caller;
    }
}
