package dev.quintet.packages.registry.cpan;

import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.registry.UpstreamHttp;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tools.jackson.databind.JsonNode;

/**
 * Turns a release's dependency list (Perl modules) into dependencies on distributions: each module is looked up
 * at {@code /v1/module/<Module::Name>} (in parallel, at most {@value #MAX_LOOKUPS}) for the distribution that
 * holds it. A module that cannot be looked up keeps its module name. Modules of the Perl core (distribution
 * {@code perl}) are left out, except {@code perl} itself. Phases: runtime → runtime, test → test,
 * build/configure → build, develop → development; {@code recommends}/{@code suggests} are optional (runtime ones
 * of kind optional); {@code conflicts} are left out. Several modules of one distribution give one dependency,
 * with the requirement of the module named like the distribution, else of the first.
 */
final class ModuleDistributions {

    static final int MAX_LOOKUPS = 60;

    private final URI base;
    private final UpstreamHttp http;

    ModuleDistributions(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    /** One module requirement of the release. */
    record Requirement(String module, String version, String kind, boolean optional) {
    }

    List<UpstreamDependency> named(JsonNode dependencyList) {
        List<Requirement> requirements = requirements(dependencyList);
        Map<String, String> distributions = distributions(requirements.stream().map(Requirement::module).distinct().toList());
        Map<String, UpstreamDependency> byDistribution = new LinkedHashMap<>();
        for (Requirement r : requirements) {
            String distribution = r.module().equals("perl") ? "perl" : distributions.getOrDefault(r.module(), r.module());
            if (distribution.equals("perl") && !r.module().equals("perl")) {
                continue;
            }
            String key = distribution + "\n" + r.kind();
            UpstreamDependency d = new UpstreamDependency(distribution, r.version(), r.kind(), r.optional());
            if (!byDistribution.containsKey(key) || r.module().replace("::", "-").equals(distribution)) {
                byDistribution.put(key, d);
            }
        }
        return List.copyOf(byDistribution.values());
    }

    private static List<Requirement> requirements(JsonNode dependencyList) {
        List<Requirement> out = new ArrayList<>();
        for (JsonNode d : dependencyList.values()) {
            String module = JsonFields.text(d, "module");
            String relationship = JsonFields.text(d, "relationship");
            String phase = JsonFields.text(d, "phase");
            if (module == null || "conflicts".equals(relationship)) {
                continue;
            }
            boolean optional = "recommends".equals(relationship) || "suggests".equals(relationship);
            String kind = switch (phase == null ? "runtime" : phase) {
                case "test" -> "test";
                case "build", "configure" -> "build";
                case "develop" -> "development";
                default -> optional ? "optional" : "runtime";
            };
            String version = JsonFields.text(d, "version");
            out.add(new Requirement(module, version == null ? "0" : version, kind, optional));
        }
        return out;
    }

    private Map<String, String> distributions(List<String> modules) {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> asked = modules.stream().filter(m -> !m.equals("perl")).limit(MAX_LOOKUPS).toList();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            Map<String, Future<String>> lookups = new LinkedHashMap<>();
            asked.forEach(m -> lookups.put(m, pool.submit(() -> distribution(m))));
            for (Map.Entry<String, Future<String>> e : lookups.entrySet()) {
                try {
                    String distribution = e.getValue().get();
                    if (distribution != null) {
                        out.put(e.getKey(), distribution);
                    }
                } catch (ExecutionException failed) {
                    // the module keeps its own name
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return out;
                }
            }
        }
        return out;
    }

    private String distribution(String module) {
        try {
            return http.optionalJson(UpstreamHttp.resolve(base, "/v1/module/" + module), "a CPAN module")
                    .map(doc -> JsonFields.text(doc, "distribution")).orElse(null);
        } catch (UpstreamFailure e) {
            return null;
        }
    }
}
