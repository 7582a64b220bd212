package dev.quintet.packages.resolve;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.StoredDependency;
import dev.quintet.packages.store.StoredProject;
import dev.quintet.packages.store.StoredVersion;
import java.util.List;
import java.util.Optional;

/** Where resolutions read projects and dependencies from. */
interface PackageCatalog {

    /** The project when the store holds it fresh, so that reading it costs no upstream call. */
    Optional<StoredProject> stored(Ecosystem ecosystem, String name);

    /**
     * The project, read from the upstream when the store does not hold it fresh.
     *
     * @throws dev.quintet.platform.errors.ApiException when it is unknown or the upstream fails
     */
    StoredProject fetch(Ecosystem ecosystem, String name);

    /**
     * A version's declared dependencies, read from the upstream once when not known yet.
     *
     * @throws dev.quintet.platform.errors.ApiException when the upstream fails
     */
    List<StoredDependency> dependencies(Ecosystem ecosystem, StoredProject project, StoredVersion version);

    /** A Maven version's dependencyManagement, known once its dependencies are. */
    List<StoredDependency> managed(StoredProject project, StoredVersion version);
}
