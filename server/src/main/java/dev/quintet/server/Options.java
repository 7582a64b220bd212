package dev.quintet.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Parsed {@code --name value}, {@code --name=value} and {@code --flag} options; names outside {@code allowed} are refused. */
final class Options {

    private final Map<String, List<String>> values = new LinkedHashMap<>();

    private Options() {
    }

    static Options parse(List<String> args, Set<String> allowed, Set<String> flags) {
        Options options = new Options();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new UsageException("unexpected argument '" + arg + "'");
            }
            String name = arg.substring(2);
            String value;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            } else if (flags.contains(name)) {
                value = "true";
            } else {
                if (i + 1 >= args.size()) {
                    throw new UsageException("--" + name + " needs a value");
                }
                value = args.get(++i);
            }
            if (!allowed.contains(name) && !flags.contains(name)) {
                throw new UsageException("unknown option --" + name);
            }
            options.values.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        return options;
    }

    String required(String name) {
        List<String> v = values.get(name);
        if (v == null || v.getLast().isBlank()) {
            throw new UsageException("--" + name + " is required");
        }
        return v.getLast();
    }

    String optional(String name, String fallback) {
        List<String> v = values.get(name);
        return v == null ? fallback : v.getLast();
    }

    List<String> all(String name) {
        return values.getOrDefault(name, List.of());
    }

    boolean flag(String name) {
        return values.containsKey(name);
    }

    /** Wrong arguments: the command prints its usage and exits with status 2. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
