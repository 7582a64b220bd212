package dev.quintet.packages.registry.repos;

import java.time.Instant;
import java.util.List;

/**
 * A repository as repos.ecosyste.ms describes it.
 *
 * @param fullName {@code owner/name} as the host spells it
 * @param tagsPath the path (and query) of its tag list on the index
 */
public record Repository(String fullName, String description, String homepage, String license, List<String> topics,
                         boolean archived, String tagsPath) {

    /** One tag: its name and when its commit was published (null when unknown). */
    public record Tag(String name, Instant publishedAt) {
    }

    public String url() {
        return "https://github.com/" + fullName;
    }
}
