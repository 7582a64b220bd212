package dev.quintet.devices.simulator;

import dev.quintet.devices.external.BrokerUrl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The simulator's command line. Each option is {@code --name value} or {@code --name=value}.
 *
 * @param devices who to simulate: a token each, and the device id on an external broker
 * @param topicRoot on an external broker, the topic root above device ids (topics {@code root/id/...}); else null
 * @param duration how long to run; null for until stopped
 */
public record SimulatorOptions(BrokerUrl url, List<Identity> devices, Duration interval, List<SimulatedStream> streams,
                               int qos, Duration duration, String topicRoot) {

    /** One simulated device. */
    public record Identity(String token, String deviceId) {
    }

    /** A command line that cannot be run; the message says why. */
    public static final class UsageException extends IllegalArgumentException {
        public UsageException(String message) {
            super(message);
        }
    }

    public static final String USAGE = """
            usage: java -jar quintet.jar devices simulate --url mqtt://host:1883 (--token T | --tokens-file F [--count N])
                     [--interval 1s] [--datastreams temp:double:0:40,on:boolean,mode:enum:off|eco] [--qos 1]
                     [--duration 60s] [--topic-root devices --device-id ID]
              --tokens-file   one device per line: "TOKEN", or "DEVICE_ID TOKEN" for an external broker
              --topic-root    for an external broker: topics live under ROOT/DEVICE_ID/ and the user name is the id""";

    private static final Set<String> NAMES = Set.of("url", "token", "tokens-file", "count", "interval", "datastreams",
            "qos", "duration", "topic-root", "device-id");

    public static SimulatorOptions parse(List<String> args) {
        Map<String, String> given = options(args);
        if (!given.containsKey("url")) {
            throw new UsageException("--url is required, e.g. --url mqtt://localhost:1883");
        }
        BrokerUrl url;
        try {
            url = BrokerUrl.parse(given.get("url"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--url: " + e.getMessage());
        }
        String root = given.get("topic-root");
        List<Identity> devices = devices(given, root != null);
        Duration interval = duration("interval", given.getOrDefault("interval", "1s"));
        if (interval.toMillis() < 1) {
            throw new UsageException("--interval must be at least 1ms, got " + given.get("interval"));
        }
        List<SimulatedStream> streams = new ArrayList<>();
        for (String spec : given.getOrDefault("datastreams", "temp:double:0:40").split(",")) {
            try {
                streams.add(SimulatedStream.parse(spec));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--datastreams: " + e.getMessage());
            }
        }
        int qos = integer("qos", given.getOrDefault("qos", "1"));
        if (qos != 0 && qos != 1) {
            throw new UsageException("--qos must be 0 or 1, got " + qos);
        }
        Duration duration = given.containsKey("duration") ? duration("duration", given.get("duration")) : null;
        return new SimulatorOptions(url, devices, interval, List.copyOf(streams), qos, duration, root);
    }

    private static Map<String, String> options(List<String> args) {
        Map<String, String> given = new HashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--")) {
                throw new UsageException("unexpected argument '" + arg + "'");
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
            if (!NAMES.contains(name)) {
                throw new UsageException("unknown option --" + name);
            }
            String value;
            if (eq >= 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.size()) {
                value = args.get(++i);
            } else {
                throw new UsageException("--" + name + " needs a value");
            }
            if (given.put(name, value) != null) {
                throw new UsageException("--" + name + " is given twice");
            }
        }
        return given;
    }

    private static List<Identity> devices(Map<String, String> given, boolean external) {
        boolean single = given.containsKey("token");
        if (single == given.containsKey("tokens-file")) {
            throw new UsageException("give exactly one of --token and --tokens-file");
        }
        if (single) {
            if (given.containsKey("count")) {
                throw new UsageException("--count goes with --tokens-file");
            }
            if (external != given.containsKey("device-id")) {
                throw new UsageException("--topic-root and --device-id go together (an external broker needs the device id)");
            }
            return List.of(new Identity(given.get("token"), given.get("device-id")));
        }
        if (given.containsKey("device-id")) {
            throw new UsageException("--device-id goes with --token; put ids in the tokens file");
        }
        List<Identity> all = readTokens(Path.of(given.get("tokens-file")), external);
        int count = given.containsKey("count") ? integer("count", given.get("count")) : all.size();
        if (count < 1 || count > all.size()) {
            throw new UsageException("--count must be 1.." + all.size() + " (the devices in the tokens file), got " + count);
        }
        return List.copyOf(all.subList(0, count));
    }

    private static List<Identity> readTokens(Path file, boolean external) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UsageException("--tokens-file: cannot read " + file + " (" + e.getMessage() + ")");
        }
        List<Identity> devices = new ArrayList<>();
        for (String line : lines) {
            String[] parts = line.strip().split("\\s+");
            if (line.isBlank() || line.strip().startsWith("#")) {
                continue;
            }
            if (parts.length > 2 || (external && parts.length != 2)) {
                throw new UsageException("--tokens-file: each line is " + (external ? "DEVICE_ID TOKEN" : "TOKEN or DEVICE_ID TOKEN")
                        + ", got '" + line.strip() + "'");
            }
            devices.add(parts.length == 2 ? new Identity(parts[1], parts[0]) : new Identity(parts[0], null));
        }
        if (devices.isEmpty()) {
            throw new UsageException("--tokens-file: " + file + " holds no tokens");
        }
        return devices;
    }

    static Duration duration(String name, String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        try {
            if (t.startsWith("p")) {
                return Duration.parse(t.toUpperCase(Locale.ROOT));
            }
            for (String[] unit : Arrays.asList(new String[] {"ms", "PT0.001S"}, new String[] {"s", "PT1S"},
                    new String[] {"m", "PT1M"}, new String[] {"h", "PT1H"})) {
                if (t.endsWith(unit[0]) && t.length() > unit[0].length()) {
                    long n = Long.parseLong(t.substring(0, t.length() - unit[0].length()));
                    if (n >= 0) {
                        return Duration.parse(unit[1]).multipliedBy(n);
                    }
                }
            }
        } catch (NumberFormatException | DateTimeParseException e) {
            // falls through to the message
        }
        throw new UsageException("--" + name + " must be a duration such as 500ms, 1s, 5m, got '" + text + "'");
    }

    private static int integer(String name, String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " must be a whole number, got '" + text + "'");
        }
    }
}
