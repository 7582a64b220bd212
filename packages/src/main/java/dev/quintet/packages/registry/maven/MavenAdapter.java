package dev.quintet.packages.registry.maven;

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
import java.net.URI;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.w3c.dom.Element;

/**
 * Reads {@code <repo>/<group path>/<artifact>/maven-metadata.xml} for the version list and the POM of the newest
 * stable version (merged with its parents and imported BOMs) for description, URL, licences, SCM, dependencies and
 * dependencyManagement (a repository that
 * lists the version without its POM yields the versions alone); other versions' POMs are read when their
 * dependencies are asked for. A version's date is its POM's {@code Last-Modified}.
 */
public final class MavenAdapter implements RegistryAdapter {

    private static final int MAX_PARENTS = 6;
    private static final int MAX_BOM_DEPTH = 3;
    private static final int MAX_BOMS = 64;

    private final URI base;
    private final URI parentFallback;
    private final UpstreamHttp http;
    private final Map<String, Pom> parents = Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Pom> eldest) {
            return size() > 256;
        }
    });

    public MavenAdapter(URI base, UpstreamHttp http) {
        this(base, null, http);
    }

    /**
     * An adapter for a repository whose POMs may inherit from parents published elsewhere (Clojars projects with
     * parents on Maven Central): a parent missing from {@code base} is read from {@code parentFallback}.
     */
    public MavenAdapter(URI base, URI parentFallback, UpstreamHttp http) {
        this.base = base;
        this.parentFallback = parentFallback;
        this.http = http;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.MAVEN;
    }

    @Override
    public ProjectFetch fetch(String name, Validators known) {
        String[] ga = name.split(":", 2);
        URI uri = uri(ga[0], ga[1], "maven-metadata.xml");
        UpstreamResponse response = http.get(uri, known, "application/xml, text/xml");
        if (response.missing()) {
            return new ProjectFetch.Missing();
        }
        if (response.notModified()) {
            return new ProjectFetch.NotModified(response.validators());
        }
        List<String> numbers = versions(uri, response.body());
        if (numbers.isEmpty()) {
            return new ProjectFetch.Missing();
        }
        String chosen = Releases.latestStable(numbers, Ecosystem.MAVEN.versions())
                .or(() -> Releases.latest(numbers, Ecosystem.MAVEN.versions())).orElse(numbers.getLast());
        Fetched pom = effectivePom(ga[0], ga[1], chosen).orElse(null);
        List<UpstreamVersion> versions = new ArrayList<>();
        for (String n : numbers) {
            boolean isChosen = n.equals(chosen) && pom != null;
            versions.add(new UpstreamVersion(n, isChosen ? pom.published() : null, null, null,
                    isChosen ? declaredAndManaged(pom.pom()) : null));
        }
        if (pom == null) {
            return new ProjectFetch.Fetched(new UpstreamProject(name, null, null, null, List.of(), List.of(), "active", versions),
                    response.validators());
        }
        EffectivePom p = pom.pom();
        return new ProjectFetch.Fetched(new UpstreamProject(name, p.description(), p.url(),
                JsonFields.repositoryUrl(p.scmUrl()), p.licenses(), List.of(), "active", versions), response.validators());
    }

    @Override
    public List<UpstreamDependency> dependencies(String name, String version) {
        String[] ga = name.split(":", 2);
        return declaredAndManaged(effectivePom(ga[0], ga[1], version).orElseThrow(() -> new UpstreamFailure(
                UpstreamFailure.Kind.BAD_ANSWER, "upstream " + UpstreamHttp.host(base) + " has no POM for " + name + " "
                + version)).pom());
    }

    private static List<UpstreamDependency> declaredAndManaged(EffectivePom pom) {
        List<UpstreamDependency> all = new ArrayList<>(pom.dependencies());
        all.addAll(pom.managedDependencies());
        return all;
    }

    private record Fetched(EffectivePom pom, Instant published) {
    }

    /** The version's POM merged with its parents; empty when the repository lists the version but has no POM for it. */
    private Optional<Fetched> effectivePom(String group, String artifact, String version) {
        URI uri = uri(group, artifact, version + "/" + artifact + "-" + version + ".pom");
        UpstreamResponse response = http.get(uri, Validators.NONE, "application/xml, text/xml");
        if (response.missing()) {
            return Optional.empty();
        }
        if (response.status() != 200) {
            throw new UpstreamFailure(UpstreamFailure.Kind.BAD_ANSWER,
                    "upstream " + UpstreamHttp.host(uri) + " answered HTTP " + response.status() + " for " + uri.getPath());
        }
        EffectivePom pom = withBoms(chain(parse(uri, response.body())), 0, new AtomicInteger(MAX_BOMS));
        return Optional.of(new Fetched(pom, lastModified(response)));
    }

    private List<Pom> chain(Pom first) {
        List<Pom> chain = new ArrayList<>();
        chain.add(first);
        for (int i = 0; i < MAX_PARENTS && chain.getLast().parent() != null; i++) {
            Pom.Coordinates c = chain.getLast().parent();
            if (c.groupId() == null || c.artifactId() == null || c.version() == null) {
                break;
            }
            chain.add(parent(c));
        }
        return chain;
    }

    /**
     * The effective POM of a chain with the BOMs its dependencyManagement imports, read recursively up to a depth
     * and a total count; a BOM the repository does not have is left out.
     */
    private EffectivePom withBoms(List<Pom> chain, int depth, AtomicInteger remaining) {
        EffectivePom pom = new EffectivePom(chain);
        if (depth >= MAX_BOM_DEPTH) {
            return pom;
        }
        List<EffectivePom> boms = new ArrayList<>();
        for (Pom.Coordinates c : pom.bomImports()) {
            if (remaining.getAndDecrement() <= 0) {
                break;
            }
            bom(c).ifPresent(b -> boms.add(withBoms(chain(b), depth + 1, remaining)));
        }
        return boms.isEmpty() ? pom : new EffectivePom(chain, boms);
    }

    private Optional<Pom> bom(Pom.Coordinates c) {
        String key = c.groupId() + ":" + c.artifactId() + ":" + c.version();
        Pom cached = parents.get(key);
        if (cached != null) {
            return Optional.of(cached);
        }
        String path = c.version() + "/" + c.artifactId() + "-" + c.version() + ".pom";
        for (URI repository : parentFallback == null ? List.of(base) : List.of(base, parentFallback)) {
            URI uri = uri(repository, c.groupId(), c.artifactId(), path);
            UpstreamResponse response = http.get(uri, Validators.NONE, "application/xml, text/xml");
            if (response.status() == 200) {
                Pom pom = parse(uri, response.body());
                parents.put(key, pom);
                return Optional.of(pom);
            }
            if (!response.missing()) {
                throw new UpstreamFailure(UpstreamFailure.Kind.BAD_ANSWER, "upstream " + UpstreamHttp.host(uri)
                        + " answered HTTP " + response.status() + " for " + uri.getPath());
            }
        }
        return Optional.empty();
    }

    private Pom parent(Pom.Coordinates c) {
        String key = c.groupId() + ":" + c.artifactId() + ":" + c.version();
        Pom cached = parents.get(key);
        if (cached != null) {
            return cached;
        }
        String path = c.version() + "/" + c.artifactId() + "-" + c.version() + ".pom";
        URI uri = uri(base, c.groupId(), c.artifactId(), path);
        if (parentFallback != null) {
            UpstreamResponse here = http.get(uri, Validators.NONE, "application/xml, text/xml");
            if (here.missing()) {
                uri = uri(parentFallback, c.groupId(), c.artifactId(), path);
            } else if (here.status() == 200) {
                Pom pom = parse(uri, here.body());
                parents.put(key, pom);
                return pom;
            }
        }
        Pom pom = parse(uri, http.require(uri, "application/xml, text/xml").body());
        parents.put(key, pom);
        return pom;
    }

    private static Pom parse(URI uri, String body) {
        try {
            return Pom.parse(body);
        } catch (IllegalStateException e) {
            throw UpstreamHttp.badAnswer(uri, e.getMessage()).failure(e);
        }
    }

    static List<String> versions(URI uri, String xml) {
        try {
            Element root = Pom.xml(xml).getDocumentElement();
            Element versioning = Pom.child(root, "versioning");
            Element list = versioning == null ? null : Pom.child(versioning, "versions");
            List<String> out = new ArrayList<>();
            if (list != null) {
                for (Element v : Pom.children(list)) {
                    String n = v.getTextContent().strip();
                    if (!n.isEmpty() && !n.endsWith("-SNAPSHOT") && !out.contains(n)) {
                        out.add(n);
                    }
                }
            }
            return out;
        } catch (IllegalStateException e) {
            throw UpstreamHttp.badAnswer(uri, e.getMessage()).failure(e);
        }
    }

    private static Instant lastModified(UpstreamResponse response) {
        String lm = response.validators().lastModified();
        try {
            return lm == null ? null : ZonedDateTime.parse(lm, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private URI uri(String group, String artifact, String rest) {
        return uri(base, group, artifact, rest);
    }

    private static URI uri(URI repository, String group, String artifact, String rest) {
        return UpstreamHttp.resolve(repository, "/" + group.replace('.', '/') + "/" + artifact + "/" + rest);
    }
}
