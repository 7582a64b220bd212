package dev.quintet.packages.registry.swiftpm;

import dev.quintet.packages.registry.UpstreamDependency;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The dependencies a Swift package declares: {@code .package(url:, ...)} calls of {@code Package.swift} with their
 * requirement as comparator clauses ({@code from:} and {@code .upToNextMajor} up to the next major,
 * {@code .upToNextMinor} the next minor, {@code exact:}, {@code "1.0.0"..<"2.0.0"} ranges; branches and revisions
 * {@code *}); local {@code path:} and registry {@code id:} packages are left out. {@code Package.resolved} pins
 * (which include indirect dependencies) stand in when a tag has no {@code Package.swift}.
 */
final class PackageManifest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern URL = Pattern.compile("url:\\s*\"([^\"]+)\"");
    private static final Pattern FROM = Pattern.compile("(upToNextMajor\\(\\s*)?from:\\s*\"([^\"]+)\"");
    private static final Pattern MINOR = Pattern.compile("upToNextMinor\\(\\s*from:\\s*\"([^\"]+)\"");
    private static final Pattern EXACT = Pattern.compile("exact(?:\\(|:)\\s*\"([^\"]+)\"");
    private static final Pattern RANGE = Pattern.compile("\"([^\"]+)\"\\s*\\.\\.([.<])\\s*\"([^\"]+)\"");
    private static final Pattern NUMBERS = Pattern.compile("(\\d+)(?:\\.(\\d+))?.*");

    private PackageManifest() {
    }

    static List<UpstreamDependency> declared(String manifest) {
        List<UpstreamDependency> deps = new ArrayList<>();
        for (String call : packageCalls(manifest)) {
            Matcher url = URL.matcher(call);
            if (url.find()) {
                add(deps, new UpstreamDependency(name(url.group(1)), requirement(call), "runtime", false));
            }
        }
        return deps;
    }

    /** Pins of a Package.resolved (version 1, 2 or 3), each as {@code = version}; throws when it is not one. */
    static List<UpstreamDependency> pinned(String resolved) {
        JsonNode doc;
        try {
            doc = JSON.readTree(resolved);
        } catch (JacksonException e) {
            throw new IllegalStateException("not JSON", e);
        }
        JsonNode pins = doc.path("pins").isArray() ? doc.path("pins") : doc.path("object").path("pins");
        if (!pins.isArray()) {
            throw new IllegalStateException("no pins");
        }
        List<UpstreamDependency> deps = new ArrayList<>();
        for (JsonNode pin : pins.values()) {
            String location = pin.path("location").isString() ? pin.path("location").asString()
                    : pin.path("repositoryURL").asString(null);
            String version = pin.path("state").path("version").asString(null);
            if (location != null && !location.isBlank()) {
                add(deps, new UpstreamDependency(name(location), version == null ? "*" : "= " + version, "runtime", false));
            }
        }
        return deps;
    }

    private static void add(List<UpstreamDependency> deps, UpstreamDependency d) {
        if (!d.name().isBlank() && deps.stream().noneMatch(x -> x.name().equalsIgnoreCase(d.name()))) {
            deps.add(d);
        }
    }

    /** {@code https://github.com/apple/swift-nio.git} → {@code github.com/apple/swift-nio}. */
    static String name(String url) {
        return url.strip().replaceFirst("^[a-z+]+://", "").replaceFirst("^git@([^:]+):", "$1/").replaceFirst("^[^@/]+@", "")
                .replaceFirst("\\.git$", "").replaceFirst("/$", "");
    }

    private static String requirement(String call) {
        Matcher m;
        if ((m = RANGE.matcher(call)).find()) {
            return ">= " + m.group(1) + ", " + (m.group(2).equals("<") ? "< " : "<= ") + m.group(3);
        }
        if ((m = EXACT.matcher(call)).find()) {
            return "= " + m.group(1);
        }
        if ((m = MINOR.matcher(call)).find()) {
            return upTo(m.group(1), false);
        }
        if ((m = FROM.matcher(call)).find()) {
            return upTo(m.group(2), true);
        }
        return "*";
    }

    private static String upTo(String from, boolean major) {
        Matcher n = NUMBERS.matcher(from);
        if (!n.matches()) {
            return ">= " + from;
        }
        long a = Long.parseLong(n.group(1));
        long b = n.group(2) == null ? 0 : Long.parseLong(n.group(2));
        return ">= " + from + ", < " + (major ? (a + 1) + ".0.0" : a + "." + (b + 1) + ".0");
    }

    /** The argument text of every {@code .package(...)} call, parentheses balanced. */
    private static List<String> packageCalls(String manifest) {
        List<String> calls = new ArrayList<>();
        int at = manifest.indexOf(".package(");
        while (at >= 0) {
            int start = at + ".package(".length();
            int depth = 1;
            int i = start;
            while (i < manifest.length() && depth > 0) {
                char c = manifest.charAt(i++);
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            }
            calls.add(manifest.substring(start, Math.max(start, i - 1)));
            at = manifest.indexOf(".package(", i);
        }
        return calls;
    }
}
