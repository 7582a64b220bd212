package dev.quintet.packages.registry.go;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.JsonFields;
import dev.quintet.packages.registry.ProjectFetch;
import dev.quintet.packages.registry.RegistryAdapter;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.registry.UpstreamFailure;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.UpstreamProject;
import dev.quintet.packages.registry.UpstreamResponse;
import dev.quintet.packages.registry.UpstreamVersion;
import dev.quintet.packages.registry.Validators;
import dev.quintet.packages.versions.Releases;
import dev.quintet.packages.versions.VersionScheme;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads a Go module proxy (GOPROXY protocol): {@code <proxy>/<module>/@v/list} (conditionally) for the tagged
 * versions, {@code @latest} when there are none, {@code @v/<version>.info} for the dates of the newest
 * {@value #DATED} versions, and {@code @v/<version>.mod} for requirements, retractions and deprecation (of the
 * newest version) and for other versions' requirements on demand. Paths are case-encoded ({@code !a} for
 * {@code A}). The proxy carries no licence.
 */
public final class GoAdapter implements RegistryAdapter {

    static final int DATED = 30;

    private final URI base;
    private final UpstreamHttp http;

    public GoAdapter(URI base, UpstreamHttp http) {
        this.base = base;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.GO;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        URI listUri = uri(name, "/@v/list");
        UpstreamResponse list = http.get(listUri, known, "text/plain");
        if (list.missing()) {
            return new ProjectFetch.Missing();
        }
        if (list.notModified()) {
            return new ProjectFetch.NotModified(list.validators());
        }
        Set<String> numbers = new LinkedHashSet<>();
        for (String line : list.body().split("\n")) {
            String v = line.strip();
            if (!v.isEmpty()) {
                if (!v.matches("v[0-9A-Za-z.+-]+")) {
                    throw UpstreamHttp.badAnswer(listUri, "not a version list (line '" + abbreviate(v) + "')").failure(null);
                }
                numbers.add(v);
            }
        }
        if (numbers.isEmpty()) {
            Optional<String> latest = http.optionalJson(uri(name, "/@latest"), "a version info document")
                    .map(info -> JsonFields.text(info, "Version"));
            if (latest.isEmpty()) {
                return new ProjectFetch.Missing();
            }
            numbers.add(latest.get());
        }
        VersionScheme scheme = Ecosystem.GO.versions();
        List<String> ordered = Releases.sorted(numbers, scheme);
        String newest = Releases.latestStable(ordered, scheme).or(() -> Releases.latest(ordered, scheme))
                .orElse(ordered.getLast());
        UpstreamResponse modFile = http.get(uri(name, "/@v/" + escape(newest) + ".mod"), Validators.NONE, "text/plain");
        GoMod mod = GoMod.parse(modFile.status() == 200 ? modFile.body() : "");
        List<Instant> dates = dates(name, ordered);
        List<UpstreamVersion> versions = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            String v = ordered.get(i);
            versions.add(new UpstreamVersion(v, dates.get(i), null, mod.retracts(v, scheme) ? "yanked" : null,
                    v.equals(newest) ? mod.requirements() : null));
        }
        return new ProjectFetch.Fetched(new UpstreamProject(name, null, null, repository(name), List.of(), List.of(),
                mod.deprecated() ? "deprecated" : "active", versions), list.validators());
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        return GoMod.parse(http.require(uri(name, "/@v/" + escape(version) + ".mod"), "text/plain").body()).requirements();
    }

    /** Dates from {@code .info} of the newest versions, fetched in parallel; a failing one leaves its date unknown. */
    private List<Instant> dates(String name, List<String> ordered) {
        List<Instant> dates = new ArrayList<>(java.util.Collections.nCopies(ordered.size(), (Instant) null));
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Instant>> futures = new ArrayList<>();
            int from = Math.max(0, ordered.size() - DATED);
            for (int i = from; i < ordered.size(); i++) {
                URI info = uri(name, "/@v/" + escape(ordered.get(i)) + ".info");
                futures.add(pool.submit(() -> http.optionalJson(info, "a version info document")
                        .map(doc -> JsonFields.instant(JsonFields.text(doc, "Time"))).orElse(null)));
            }
            for (int i = 0; i < futures.size(); i++) {
                dates.set(from + i, dateOrNull(futures.get(i)));
            }
        }
        return dates;
    }

    private static Instant dateOrNull(Future<Instant> future) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UpstreamFailure) {
                return null;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The module proxy's case encoding: every upper-case letter becomes {@code !} and its lower case. */
    static String escape(String path) {
        StringBuilder out = new StringBuilder();
        for (char c : path.toCharArray()) {
            if (c >= 'A' && c <= 'Z') {
                out.append('!').append((char) (c + ('a' - 'A')));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The source repository a module path names on the well-known hosts. */
    static String repository(String module) {
        String[] parts = module.split("/");
        if (parts.length >= 3 && List.of("github.com", "gitlab.com", "bitbucket.org", "codeberg.org").contains(parts[0])) {
            return "https://" + parts[0] + "/" + parts[1] + "/" + parts[2];
        }
        if (parts.length >= 3 && parts[0].equals("golang.org") && parts[1].equals("x")) {
            return "https://go.googlesource.com/" + parts[2];
        }
        return null;
    }

    private URI uri(String module, String suffix) {
        return UpstreamHttp.resolve(base, "/" + escape(module) + suffix);
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
