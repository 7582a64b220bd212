package dev.quintet.devices.testing;

import dev.quintet.platform.testing.MutableClock;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;

/**
 * A test class with the devices app running on a moved clock, one API key and one template: a subclass calls
 * {@link #startWith(String)} with its datastreams from its own {@code @BeforeAll}.
 */
public abstract class DevicesTestCase {

    protected static MutableClock clock;
    protected static DevicesTestApp app;
    protected static String key;
    protected static String template;

    /** Starts the app with {@code settings} such as {@code "device-burst=10"} (see {@link DevicesTestApp#start}). */
    protected static void startWith(String datastreams, String... settings) {
        clock = new MutableClock(Instant.parse("2026-03-01T10:00:00Z"));
        app = DevicesTestApp.start(clock, settings);
        key = app.newKey();
        template = app.template(key, datastreams);
    }

    @AfterAll
    static void stopApp() {
        if (app != null) {
            app.close();
            app = null;
        }
    }
}
