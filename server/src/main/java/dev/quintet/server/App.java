package dev.quintet.server;

import dev.quintet.capture.CaptureApplication;
import dev.quintet.console.ConsoleApplication;
import dev.quintet.devices.DevicesApplication;
import dev.quintet.events.EventsApplication;
import dev.quintet.packages.PackagesApplication;
import dev.quintet.router.RouterApplication;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The six apps the jar can run, with their default ports and the variables that move them. */
enum App {
    CONSOLE("console", ConsoleApplication.class, 8080),
    ROUTER("router", RouterApplication.class, 8081),
    DEVICES("devices", DevicesApplication.class, 8082),
    CAPTURE("capture", CaptureApplication.class, 8083),
    EVENTS("events", EventsApplication.class, 8084),
    PACKAGES("packages", PackagesApplication.class, 8085);

    final String id;
    final Class<?> type;
    final int defaultPort;

    App(String id, Class<?> type, int defaultPort) {
        this.id = id;
        this.type = type;
        this.defaultPort = defaultPort;
    }

    String portVariable() {
        return "QUINTET_" + id.toUpperCase(Locale.ROOT) + "_PORT";
    }

    static Optional<App> byId(String id) {
        return Arrays.stream(values()).filter(a -> a.id.equals(id.strip().toLowerCase(Locale.ROOT))).findFirst();
    }
}
