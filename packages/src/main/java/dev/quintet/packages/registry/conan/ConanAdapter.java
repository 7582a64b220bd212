package dev.quintet.packages.registry.conan;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamResponse;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads a ConanCenter recipe from the conan-center-index tree ({@code <base>/recipes/<name>/...}):
 * {@code config.yml} (conditionally) for the versions and the folder holding each, the newest version's folder's
 * {@code conandata.yml} (a GitHub source URL gives the repository) and {@code conanfile.py}, from which the
 * {@code license}, {@code description}, {@code homepage} and {@code topics} attributes and the
 * {@code self.requires(...)} (runtime), {@code tool_requires}/{@code build_requires} (build) and
 * {@code test_requires} (test) calls are read as text, conditional ones included. The index has no dates.
 */
public final class ConanAdapter implements RegistryAdapter {

    private static final Pattern REQUIRES = Pattern.compile(
            "self\\.(requires|tool_requires|build_requires|test_requires)\\(\\s*[\"']([^\"'/\\s]+)/([^\"'@\\s]+)");
    private static final Pattern GITHUB = Pattern.compile("https://github\\.com/([^/\\s\"]+/[^/\\s\"]+)/");

    private final URI base;
    private final UpstreamHttp http;

    public ConanAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.CONAN;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI uri = UpstreamHttp.resolve(base, "/recipes/" + name + "/config.yml");
        UpstreamResponse config = http.get(uri, known, "*/*");
        if (config.missing()) {
            return new ProjectFetch.Missing();
        }
        if (config.notModified()) {
            return new ProjectFetch.NotModified(config.validators());
        }
        Map<String, String> folders = folders(uri, config.body());
        String newest = folders.keySet().stream().max(Ecosystem.CONAN.versions()).orElseThrow();
        String folder = folders.get(newest);
        String conanfile = file(name, folder, "conanfile.py").orElse("");
        String license = attribute(conanfile, "license");
        List<UpstreamDependency> deps = requirements(conanfile);
        List<UpstreamVersion> versions = new ArrayList<>();
        folders.forEach((v, f) -> versions.add(new UpstreamVersion(v, null, f.equals(folder) ? license : null, null,
                f.equals(folder) ? deps : null)));
        Matcher github = GITHUB.matcher(file(name, folder, "conandata.yml").orElse(""));
        return new ProjectFetch.Fetched(new UpstreamProject(name, attribute(conanfile, "description"),
                attribute(conanfile, "homepage"), github.find() ? "https://github.com/" + github.group(1) : null,
                license == null ? List.of() : List.of(license), topics(conanfile), "active", versions), config.validators());
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        URI uri = UpstreamHttp.resolve(base, "/recipes/" + name + "/config.yml");
        String folder = folders(uri, http.require(uri, "*/*").body()).get(version);
        return folder == null ? List.of() : file(name, folder, "conanfile.py").map(ConanAdapter::requirements).orElse(List.of());
    }

    /** Version → recipe folder, from {@code config.yml}. */
    static Map<String, String> folders(URI uri, String configYml) {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            Object doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(configYml);
            if (doc instanceof Map<?, ?> config && config.get("versions") instanceof Map<?, ?> versions) {
                versions.forEach((v, entry) -> out.put(String.valueOf(v),
                        entry instanceof Map<?, ?> e && e.get("folder") != null ? String.valueOf(e.get("folder")) : "all"));
            }
        } catch (YAMLException e) {
            throw UpstreamHttp.badAnswer(uri, "not a recipe config.yml (" + e.getClass().getSimpleName() + ")").failure(e);
        }
        if (out.isEmpty()) {
            throw UpstreamHttp.badAnswer(uri, "not a recipe config.yml (no versions)").failure(null);
        }
        return out;
    }

    static List<UpstreamDependency> requirements(String conanfile) {
        List<UpstreamDependency> deps = new ArrayList<>();
        Matcher m = REQUIRES.matcher(conanfile);
        while (m.find()) {
            String kind = switch (m.group(1)) {
                case "tool_requires", "build_requires" -> "build";
                case "test_requires" -> "test";
                default -> "runtime";
            };
            String name = m.group(2);
            if (deps.stream().noneMatch(d -> d.name().equals(name) && d.kind().equals(kind))) {
                deps.add(new UpstreamDependency(name, m.group(3), kind, false));
            }
        }
        return deps;
    }

    private static String attribute(String conanfile, String name) {
        Matcher m = Pattern.compile("(?m)^\\s+" + name + "\\s*=\\s*[\"']([^\"']+)[\"']").matcher(conanfile);
        return m.find() ? m.group(1).strip() : null;
    }

    private static List<String> topics(String conanfile) {
        Matcher m = Pattern.compile("(?m)^\\s+topics\\s*=\\s*[(\\[]([^)\\]]*)[)\\]]").matcher(conanfile);
        if (!m.find()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        Matcher item = Pattern.compile("[\"']([^\"']+)[\"']").matcher(m.group(1));
        while (item.find()) {
            out.add(item.group(1));
        }
        return out;
    }

    private Optional<String> file(String name, String folder, String file) {
        UpstreamResponse r = http.get(UpstreamHttp.resolve(base, "/recipes/" + name + "/" + folder + "/" + file),
                Validators.NONE, "*/*");
        return r.status() == 200 ? Optional.of(r.body()) : Optional.empty();
    }
}
