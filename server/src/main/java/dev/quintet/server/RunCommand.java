package dev.quintet.server;

import dev.quintet.platform.AppLauncher;
import dev.quintet.devices.broker.MqttBroker;
import dev.quintet.devices.broker.MqttSettings;
import dev.quintet.platform.BuildVersion;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.context.ConfigurableApplicationContext;

/** {@code run}: the platform context and the chosen apps, each on its own port, in this JVM. */
final class RunCommand {

    private RunCommand() {
    }

    /** The started platform; closing it stops every app. */
    record Running(ConfigurableApplicationContext platform, Map<App, Integer> ports, int mqttPort) implements AutoCloseable {
        @Override
        public void close() {
            platform.close();
        }
    }

    static Running start(List<String> args, Map<String, String> env, PrintStream out) {
        Options options = Options.parse(args, Set.of("services", "data-dir"), Set.of());
        List<App> apps = selected(options.optional("services", "console,router,devices,capture,events,packages"));
        Map<App, Integer> ports = ports(apps, env);
        for (Map.Entry<App, Integer> p : ports.entrySet()) {
            checkFree(p.getValue(), p.getKey().id, p.getKey().portVariable());
        }
        int mqttPort = apps.contains(App.DEVICES) ? mqttPort(env) : -1;
        List<String> platformArgs = new ArrayList<>();
        String dataDir = options.optional("data-dir", null);
        if (dataDir != null) {
            platformArgs.add("--quintet.data-dir=" + dataDir);
        }
        ConfigurableApplicationContext platform;
        try {
            platform = AppLauncher.startPlatform(null, platformArgs.toArray(String[]::new));
        } catch (RuntimeException e) {
            throw new StartupFailure("the platform could not start: " + rootMessage(e), e);
        }
        Map<App, Integer> bound = new LinkedHashMap<>();
        String issuer = issuer(AppLauncher.scheme(platform), ports);
        try {
            for (App app : apps) {
                if (app != App.CONSOLE) {
                    String[] extra = switch (app) {
                        case DEVICES -> new String[] {"--quintet.devices.mqtt-port=" + mqttPort};
                        case EVENTS -> issuer == null ? new String[0] : new String[] {"--quintet.events.issuer-uri=" + issuer};
                        default -> new String[0];
                    };
                    ConfigurableApplicationContext context = AppLauncher.startApp(platform, app.type, app.id, ports.get(app), extra);
                    bound.put(app, AppLauncher.port(context));
                    if (app == App.DEVICES) {
                        MqttBroker broker = context.getBeanProvider(MqttBroker.class).getIfAvailable();
                        mqttPort = broker == null ? -1 : broker.port(); // none embedded: devices use QUINTET_MQTT_URL's broker
                    }
                }
            }
            if (apps.contains(App.CONSOLE)) {
                bound.put(App.CONSOLE, AppLauncher.port(AppLauncher.startApp(platform, App.CONSOLE.type,
                        App.CONSOLE.id, ports.get(App.CONSOLE), consoleArgs(AppLauncher.scheme(platform), bound, issuer))));
            }
        } catch (RuntimeException e) {
            platform.close();
            throw new StartupFailure("an app could not start: " + rootMessage(e), e);
        }
        printReady(out, AppLauncher.scheme(platform), bound, mqttPort);
        return new Running(platform, bound, mqttPort);
    }

    static List<App> selected(String csv) {
        List<App> apps = new ArrayList<>();
        for (String id : csv.split(",")) {
            if (id.isBlank()) {
                continue;
            }
            App app = App.byId(id).orElseThrow(() -> new Options.UsageException(
                    "--services: unknown app '" + id.strip() + "'; choose from console,router,devices,capture,events,packages"));
            if (!apps.contains(app)) {
                apps.add(app);
            }
        }
        if (apps.isEmpty()) {
            throw new Options.UsageException("--services must name at least one app");
        }
        return apps;
    }

    static Map<App, Integer> ports(List<App> apps, Map<String, String> env) {
        Map<App, Integer> ports = new LinkedHashMap<>();
        for (App app : apps) {
            ports.put(app, portSetting(env, app.portVariable(), app.defaultPort));
        }
        return ports;
    }

    /** The port an environment variable names, or {@code fallback} when it is unset. */
    static int portSetting(Map<String, String> env, String variable, int fallback) {
        String raw = env.get(variable);
        if (raw == null || raw.isBlank()) {
            return fallback;
        }
        try {
            int port = Integer.parseInt(raw.strip());
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new StartupFailure(variable + " must be a port number 0..65535, got '" + raw + "'");
    }

    static int mqttPort(Map<String, String> env) {
        int port = portSetting(env, MqttSettings.PORT_VARIABLE, MqttSettings.DEFAULT_PORT);
        if (port != 0 && !MqttSettings.isFree("0.0.0.0", port)) {
            throw new StartupFailure(MqttSettings.portTakenMessage(port));
        }
        return port;
    }

    static void checkFree(int port, String what, String variable) {
        if (port == 0) {
            return;
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(port));
        } catch (IOException e) {
            throw new StartupFailure("port " + port + " (" + what + ") is already in use; set " + variable
                    + " to a free port");
        }
    }

    /**
     * The console's address as OAuth tokens name it, when the console runs here on a fixed port: the events app must
     * expect the same issuer the console writes into tokens.
     */
    private static String issuer(String scheme, Map<App, Integer> ports) {
        Integer console = ports.get(App.CONSOLE);
        return console == null || console == 0 ? null : scheme + "://localhost:" + console;
    }

    private static String[] consoleArgs(String scheme, Map<App, Integer> bound, String issuer) {
        List<String> args = new ArrayList<>();
        if (issuer != null) {
            args.add("--quintet.console.oauth-issuer=" + issuer);
        }
        bound.forEach((app, port) -> args.add("--quintet.console.service-urls." + app.id + "=" + scheme + "://localhost:" + port));
        return args.toArray(String[]::new);
    }

    private static void printReady(PrintStream out, String scheme, Map<App, Integer> bound, int mqttPort) {
        out.println();
        out.println("Quintet " + BuildVersion.get() + " is ready:");
        bound.forEach((app, port) -> out.printf("  %-9s %s://localhost:%d%n", app.id, scheme, port));
        if (mqttPort > 0) {
            out.printf("  %-9s mqtt://localhost:%d (devices)%n", "mqtt", mqttPort);
        }
        out.println();
        if (bound.containsKey(App.CONSOLE)) {
            out.println("First API key: sign up at " + scheme + "://localhost:" + bound.get(App.CONSOLE)
                    + "/signup and create one on the dashboard,");
        } else {
            out.println("First API key:");
        }
        out.println("  or: java -jar quintet.jar admin create-account --email you@example.com --password '...'");
        out.println("      java -jar quintet.jar admin create-key --email you@example.com --services router,devices,capture,packages");
        out.println("Stop with Ctrl-C.");
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
