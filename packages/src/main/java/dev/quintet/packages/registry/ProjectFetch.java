package dev.quintet.packages.registry;

/** What an upstream answered for a project. */
public sealed interface ProjectFetch {

    /** A full answer. */
    record Fetched(UpstreamProject project, Validators validators) implements ProjectFetch {
    }

    /** The stored copy is still current (HTTP 304). */
    record NotModified(Validators validators) implements ProjectFetch {
    }

    /** The upstream does not know the name. */
    record Missing() implements ProjectFetch {
    }
}
