package dev.quintet.packages;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.debian.DebianIndex;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings of the package service ({@code quintet.packages.*}; environment {@code QUINTET_PACKAGES_*}).
 *
 * @param upstreams base URL per ecosystem key, e.g. {@code quintet.packages.upstreams.npm}; unset ones use the public
 *                  registry. Ecosystems read from a second host have a second key: {@code clojars-api},
 *                  {@code clojars-parents} (where parent POMs missing from Clojars are read), {@code deno-cdn},
 *                  {@code github-raw} (raw repository files: SwiftPM, GitHub Actions, Bower),
 *                  {@code bower-repositories} (the repository index Bower packages are looked up in)
 * @param ttl how long fetched data counts as fresh, per ecosystem key; unset ones use the ecosystem's default
 * @param connectTimeout connect timeout of upstream calls
 * @param requestTimeout whole-answer timeout of one upstream call
 * @param retryAfterFailure after an upstream failure, how long stored data is served stale without asking again
 * @param userAgent the User-Agent sent upstream (crates.io requires one)
 * @param refreshMinHits how often a project must be asked for between two looks at demand to be refreshed in the
 *                       background before it goes stale
 * @param refreshInterval how often the background refresh claims due jobs (demand is looked at every 6 of these)
 * @param refreshBatch how many jobs one worker claims at a time
 * @param dependentsCountKeep how long a project's dependents count is kept once counted (zero: counted every time);
 *                            this process's own writes forget the kept counts at once, another process's show
 *                            within this time
 * @param tree limits of dependency-graph resolution
 * @param debian which Debian indexes are ingested, and when ({@code quintet.packages.debian.*})
 */
@ConfigurationProperties("quintet.packages")
public record PackagesProperties(
        Map<String, URI> upstreams,
        Map<String, Duration> ttl,
        @DefaultValue("5s") Duration connectTimeout,
        @DefaultValue("20s") Duration requestTimeout,
        @DefaultValue("60s") Duration retryAfterFailure,
        @DefaultValue("quintet-packages/0.1") String userAgent,
        @DefaultValue("3") int refreshMinHits,
        @DefaultValue("5s") Duration refreshInterval,
        @DefaultValue("8") int refreshBatch,
        @DefaultValue("60s") Duration dependentsCountKeep,
        @DefaultValue Tree tree,
        @DefaultValue Debian debian) {

    public PackagesProperties {
        upstreams = upstreams == null ? Map.of() : Map.copyOf(upstreams);
        ttl = ttl == null ? Map.of() : Map.copyOf(ttl);
        tree = tree == null ? Tree.DEFAULTS : tree;
        if (refreshMinHits < 1 || refreshBatch < 1 || refreshInterval.isNegative() || refreshInterval.isZero()) {
            throw new IllegalArgumentException("quintet.packages.refresh-min-hits and refresh-batch must be at least 1"
                    + " and refresh-interval positive");
        }
        if (dependentsCountKeep.isNegative()) {
            throw new IllegalArgumentException("quintet.packages.dependents-count-keep must not be negative");
        }
    }

    /**
     * Limits of one dependency-graph resolution ({@code quintet.packages.tree.*}).
     *
     * @param maxNodes the most nodes a graph holds; a request may ask for fewer
     * @param maxUpstreamFetches the most upstream fetches one request makes (what the store holds fresh is free)
     * @param parallelFetches how many look-ups of one level of the graph run at the same time
     * @param maxRounds how often a PyPI or Cargo graph is resolved again after a conflict
     */
    public record Tree(@DefaultValue("1000") int maxNodes, @DefaultValue("500") int maxUpstreamFetches,
                       @DefaultValue("8") int parallelFetches, @DefaultValue("20") int maxRounds) {

        static final Tree DEFAULTS = new Tree(1000, 500, 8, 20);

        public Tree {
            if (maxNodes < 1 || maxUpstreamFetches < 0 || parallelFetches < 1 || maxRounds < 1) {
                throw new IllegalArgumentException("quintet.packages.tree.max-nodes, parallel-fetches and max-rounds"
                        + " must be at least 1, max-upstream-fetches at least 0");
            }
        }
    }

    public URI upstream(Ecosystem ecosystem) {
        return upstreams.getOrDefault(ecosystem.key(), URI.create(ecosystem.defaultUpstream()));
    }

    /**
     * A secondary upstream of an ecosystem that reads two hosts ({@code clojars-api}, {@code deno-cdn}); from the
     * environment ({@code QUINTET_PACKAGES_UPSTREAMS_DENO_CDN}) the key arrives as {@code deno.cdn}.
     */
    public URI upstream(String key, String defaultUrl) {
        return upstreams.getOrDefault(key, upstreams.getOrDefault(key.replace('-', '.'), URI.create(defaultUrl)));
    }

    public Duration ttl(Ecosystem ecosystem) {
        return ttl.getOrDefault(ecosystem.key(), ecosystem.defaultTtl());
    }

    /**
     * Debian ingestion: every combination of suite, component and architecture is one {@code Packages} index, read
     * from the archive at {@code upstreams.debian}.
     *
     * @param suites suites (or code names) whose versions together make each package's release history
     * @param components archive components, e.g. main, contrib
     * @param architectures binary architectures; {@code all} packages are in each architecture's index
     * @param ingestOnSchedule whether this node ingests on its own schedule (off: only when asked, as tests do)
     * @param ingestInterval how long an ingested index counts as current before it is asked for again
     * @param ingestRetry after a failed ingestion, how long before the next attempt
     * @param ingestCheck how often the schedule looks for indexes that are due
     */
    public record Debian(@DefaultValue("stable") List<String> suites, @DefaultValue("main") List<String> components,
                         @DefaultValue("amd64") List<String> architectures,
                         @DefaultValue("true") boolean ingestOnSchedule, @DefaultValue("24h") Duration ingestInterval,
                         @DefaultValue("15m") Duration ingestRetry, @DefaultValue("5m") Duration ingestCheck) {

        public Debian {
            suites = List.copyOf(suites);
            components = List.copyOf(components);
            architectures = List.copyOf(architectures);
            if (suites.isEmpty() || components.isEmpty() || architectures.isEmpty()) {
                throw new IllegalArgumentException("quintet.packages.debian.suites, components and architectures must"
                        + " each name at least one");
            }
            for (Duration d : List.of(ingestInterval, ingestRetry, ingestCheck)) {
                if (d.isNegative() || d.isZero()) {
                    throw new IllegalArgumentException("quintet.packages.debian.ingest-interval, ingest-retry and"
                            + " ingest-check must be positive, got " + d);
                }
            }
        }

        /** Every configured index, suites in the order given. */
        public List<DebianIndex> indexes() {
            List<DebianIndex> indexes = new ArrayList<>();
            for (String suite : suites) {
                for (String component : components) {
                    for (String architecture : architectures) {
                        indexes.add(new DebianIndex(suite.strip(), component.strip(), architecture.strip()));
                    }
                }
            }
            return List.copyOf(indexes);
        }
    }
}
