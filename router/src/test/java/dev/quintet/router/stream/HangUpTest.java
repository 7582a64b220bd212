package dev.quintet.router.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.testing.HangingUpClient;
import dev.quintet.router.testing.RouterSettings;
import dev.quintet.router.testing.RouterTest;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A caller hanging up on a started stream whose provider has gone silent: the upstream call ends within about a
 * second, however long the keep-alive interval (here far longer).
 */
@RouterSettings("--quintet.router.keep-alive-interval=10s")
class HangUpTest extends RouterTest {

    @Test
    void cancelsTheSilentUpstreamWithinAboutASecondOfTheHangUp() throws Exception {
        HangingUpClient.hangUpAfterFirstContent(router, router.key(), "test/stall");
        long hungUp = System.nanoTime();

        assertThat(router.fake().hungUp().await(2, TimeUnit.SECONDS)).as("upstream connection closed").isTrue();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - hungUp)).isLessThan(1_600);
    }
}
