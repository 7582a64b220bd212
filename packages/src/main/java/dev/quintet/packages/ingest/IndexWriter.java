package dev.quintet.packages.ingest;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.debian.BinaryPackage;
import dev.quintet.packages.registry.debian.DebianIndex;
import dev.quintet.packages.store.DeclaredDependencies;
import dev.quintet.packages.store.Dependencies;
import dev.quintet.packages.store.IndexedProjects;
import dev.quintet.packages.store.IndexedProjects.IndexedProject;
import dev.quintet.packages.store.IndexedProjects.Latest;
import dev.quintet.packages.versions.Releases;
import dev.quintet.packages.versions.VersionScheme;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Writes one chunk of an index's packages in a handful of statements: their projects (fields only from a package's
 * newest version; latest releases kept up to date as versions are added), versions, dependencies (only of versions
 * whose relation fields changed), the index's listing and what the listed versions provide (only where their
 * relation fields or {@code Provides} changed in this index).
 */
final class IndexWriter {

    private static final Ecosystem DEBIAN = Ecosystem.DEBIAN;

    private final IndexedProjects projects;
    private final Dependencies dependencies;
    private final DebianIndexes indexes;

    IndexWriter(IndexedProjects projects, Dependencies dependencies, DebianIndexes indexes) {
        this.projects = projects;
        this.dependencies = dependencies;
        this.indexes = indexes;
    }

    /**
     * Writes the packages, as versions published at {@code publishedAt}, and returns their project ids in order.
     *
     * @param latest the latest releases of each stored project by normalized name, kept up to date here
     */
    Long[] write(DebianIndex index, List<BinaryPackage> chunk, Instant publishedAt, Map<String, Latest> latest,
                 Instant now) {
        Map<String, Long> ids = projects.upsert(DEBIAN, projectsOf(chunk, publishedAt, latest), now);
        Long[] projectIds = chunk.stream().map(p -> ids.get(DEBIAN.normalize(p.name()))).toArray(Long[]::new);
        String[] numbers = chunk.stream().map(BinaryPackage::version).toArray(String[]::new);
        projects.addVersions(projectIds, numbers, publishedAt);
        List<DebianIndexes.Changed> changed = indexes.changedRelations(index, projectIds, numbers,
                chunk.stream().map(BinaryPackage::relationsDigest).toArray(String[]::new));
        dependencies.replaceAll(DEBIAN, changed.stream().filter(DebianIndexes.Changed::dependencies)
                .map(c -> new DeclaredDependencies(projectIds[c.position()], numbers[c.position()],
                        chunk.get(c.position()).dependencies())).toList(), now);
        indexes.list(index, projectIds, chunk);
        indexes.provide(index, projectIds, chunk, changed);
        return projectIds;
    }

    /** One project per name, with its latest releases; its fields given only when this is its newest version. */
    private static List<IndexedProject> projectsOf(List<BinaryPackage> chunk, Instant publishedAt,
                                                   Map<String, Latest> latest) {
        Map<String, List<BinaryPackage>> byName = new LinkedHashMap<>();
        for (BinaryPackage p : chunk) {
            byName.computeIfAbsent(DEBIAN.normalize(p.name()), k -> new ArrayList<>()).add(p);
        }
        List<IndexedProject> out = new ArrayList<>(byName.size());
        byName.forEach((name, versions) -> {
            Latest stored = latest.get(name);
            Latest now = latest(stored, versions, publishedAt);
            latest.put(name, now);
            Optional<BinaryPackage> newest = versions.stream().filter(p -> p.version().equals(now.latest())).findFirst()
                    .or(() -> stored == null || stored.latest() == null ? Optional.of(versions.getFirst())
                            : Optional.empty());
            out.add(newest.map(p -> new IndexedProject(name, p.name(), p.description(), p.homepage(),
                    keyword(p.section()), now)).orElseGet(() -> new IndexedProject(name, versions.getFirst().name(),
                    null, null, null, now)));
        });
        return out;
    }

    /**
     * The latest releases once these versions are added: the highest of the stored ones and these by Debian's order.
     * A new latest release is published at {@code publishedAt}, or earlier if it was already known so.
     */
    static Latest latest(Latest stored, List<BinaryPackage> added, Instant publishedAt) {
        if (stored != null && stored.latest() != null
                && added.stream().allMatch(p -> p.version().equals(stored.latest()))) {
            return new Latest(stored.latest(), earliest(stored.publishedAt(), publishedAt), stored.latestStable());
        }
        VersionScheme scheme = DEBIAN.versions();
        List<String> candidates = new ArrayList<>(added.stream().map(BinaryPackage::version).toList());
        if (stored != null) {
            candidates.add(stored.latest());
            candidates.add(stored.latestStable());
        }
        candidates.removeIf(Objects::isNull);
        String newest = Releases.latest(candidates, scheme).orElse(null);
        String stable = Releases.latestStable(candidates, scheme).orElse(null);
        Instant published = stored != null && Objects.equals(newest, stored.latest()) ? stored.publishedAt() : null;
        boolean addedNow = added.stream().anyMatch(p -> p.version().equals(newest));
        return new Latest(newest, addedNow ? earliest(published, publishedAt) : published, stable);
    }

    private static Instant earliest(Instant a, Instant b) {
        return a == null || b != null && b.isBefore(a) ? b : a;
    }

    /** The section without its archive area: {@code contrib/net} is {@code net}. */
    private static String keyword(String section) {
        return section == null ? null : section.substring(section.lastIndexOf('/') + 1);
    }
}
