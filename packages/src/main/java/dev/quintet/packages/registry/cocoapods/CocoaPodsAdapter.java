package dev.quintet.packages.registry.cocoapods;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamResponse;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.versions.Releases;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Reads the CocoaPods CDN: {@code <cdn>/all_pods_versions_<a>_<b>_<c>.txt} (the shard named by the first three hex
 * digits of the MD5 of the pod name; one {@code Name/1.0.0/1.1.0} line per pod; conditionally) for the versions,
 * and {@code <cdn>/Specs/<a>/<b>/<c>/<Name>/<version>/<Name>.podspec.json} of the newest stable version for the
 * rest. Names are case-sensitive, as the CDN's paths are. The CDN has no release dates.
 */
public final class CocoaPodsAdapter implements RegistryAdapter {

    private final URI base;
    private final UpstreamHttp http;

    public CocoaPodsAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.COCOAPODS;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        String[] shard = shard(name);
        URI index = UpstreamHttp.resolve(base, "/all_pods_versions_" + String.join("_", shard) + ".txt");
        UpstreamResponse response = http.get(index, known, "text/plain");
        if (response.missing()) {
            return new ProjectFetch.Missing();
        }
        if (response.notModified()) {
            return new ProjectFetch.NotModified(response.validators());
        }
        Optional<List<String>> numbers = versions(index, response.body(), name);
        if (numbers.isEmpty() || numbers.get().isEmpty()) {
            return new ProjectFetch.Missing();
        }
        List<String> all = numbers.get();
        String chosen = Releases.latestStable(all, Ecosystem.COCOAPODS.versions())
                .or(() -> Releases.latest(all, Ecosystem.COCOAPODS.versions())).orElse(all.getLast());
        URI podspec = podspec(name, chosen);
        return new ProjectFetch.Fetched(http.requireJson(podspec, "a podspec", spec -> parse(name, all, chosen, spec)),
                response.validators());
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return http.requireJson(podspec(name, version), "a podspec", spec -> {
            requireSpec(spec);
            return Podspecs.dependencies(spec, name);
        });
    }

    /** The versions on the pod's line of a shard; empty when the pod is not there; a failure when the shard is not one. */
    static Optional<List<String>> versions(URI uri, String body, String name) {
        for (String line : body.split("\n")) {
            String l = line.strip();
            if (l.isEmpty()) {
                continue;
            }
            if (!l.matches("[^/\\s<>]+(/[^/\\s<>]+)*")) {
                throw UpstreamHttp.badAnswer(uri, "not a CocoaPods version shard (line '"
                        + l.substring(0, Math.min(40, l.length())) + "')").failure(null);
            }
            String[] parts = l.split("/");
            if (parts[0].equals(name)) {
                return Optional.of(List.of(parts).subList(1, parts.length));
            }
        }
        return Optional.empty();
    }

    static UpstreamProject parse(String name, List<String> numbers, String chosen, JsonNode spec) {
        requireSpec(spec);
        String license = license(spec);
        List<UpstreamDependency> deps = Podspecs.dependencies(spec, name);
        List<UpstreamVersion> versions = new ArrayList<>();
        for (String n : numbers) {
            boolean isChosen = n.equals(chosen);
            versions.add(new UpstreamVersion(n, null, isChosen ? license : null, null, isChosen ? deps : null));
        }
        boolean deprecated = spec.path("deprecated").asBoolean(false) || JsonFields.text(spec, "deprecated_in_favor_of") != null;
        String summary = JsonFields.text(spec, "summary");
        return new UpstreamProject(name, summary != null ? summary : JsonFields.text(spec, "description"),
                JsonFields.text(spec, "homepage"), JsonFields.repositoryUrl(JsonFields.text(spec.path("source"), "git")),
                license == null ? List.of() : List.of(license), List.of(), deprecated ? "deprecated" : "active", versions);
    }

    private static void requireSpec(JsonNode spec) {
        if (!spec.isObject() || JsonFields.text(spec, "name") == null) {
            throw new IllegalStateException("no podspec name");
        }
    }

    private static String license(JsonNode spec) {
        JsonNode license = spec.path("license");
        return license.isObject() ? JsonFields.text(license, "type") : JsonFields.text(spec, "license");
    }

    private URI podspec(String name, String version) {
        String[] shard = shard(name);
        return UpstreamHttp.resolve(base, "/Specs/" + String.join("/", shard) + "/" + name + "/" + version + "/" + name + ".podspec.json");
    }

    /** The first three hex digits of the MD5 of the name: the CDN's shard. */
    public static String[] shard(String name) {
        try {
            String hex = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(name.getBytes(StandardCharsets.UTF_8)));
            return new String[] {hex.substring(0, 1), hex.substring(1, 2), hex.substring(2, 3)};
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no MD5", e);
        }
    }
}
