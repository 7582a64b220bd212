package dev.quintet.packages;

import dev.quintet.packages.fetch.Adapters;
import dev.quintet.packages.fetch.DependencyCatalog;
import dev.quintet.packages.fetch.BackgroundRefresh;
import dev.quintet.packages.fetch.Demand;
import dev.quintet.packages.fetch.ProjectCatalog;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.resolve.DependencyGraphs;
import dev.quintet.packages.registry.UpstreamHttp;
import dev.quintet.packages.registry.cargo.CargoAdapter;
import dev.quintet.packages.registry.clojars.ClojarsAdapter;
import dev.quintet.packages.registry.cocoapods.CocoaPodsAdapter;
import dev.quintet.packages.registry.ctan.CtanAdapter;
import dev.quintet.packages.registry.deno.DenoAdapter;
import dev.quintet.packages.registry.helm.HelmAdapter;
import dev.quintet.packages.registry.julia.JuliaAdapter;
import dev.quintet.packages.registry.openvsx.OpenVsxAdapter;
import dev.quintet.packages.registry.spack.SpackAdapter;
import dev.quintet.packages.registry.terraform.TerraformAdapter;
import dev.quintet.packages.registry.actions.ActionsAdapter;
import dev.quintet.packages.registry.bower.BowerAdapter;
import dev.quintet.packages.registry.conan.ConanAdapter;
import dev.quintet.packages.registry.conda.CondaAdapter;
import dev.quintet.packages.registry.cpan.CpanAdapter;
import dev.quintet.packages.registry.cran.CranAdapter;
import dev.quintet.packages.registry.hackage.HackageAdapter;
import dev.quintet.packages.registry.debian.DebianAdapter;
import dev.quintet.packages.ingest.DebianIngestion;
import dev.quintet.packages.store.IndexedProjects;
import dev.quintet.packages.registry.repos.RepositoryIndex;
import dev.quintet.packages.registry.swiftpm.SwiftPmAdapter;
import dev.quintet.packages.registry.elm.ElmAdapter;
import dev.quintet.packages.registry.go.GoAdapter;
import dev.quintet.packages.registry.hex.HexAdapter;
import dev.quintet.packages.registry.homebrew.HomebrewAdapter;
import dev.quintet.packages.registry.maven.MavenAdapter;
import dev.quintet.packages.registry.npm.NpmAdapter;
import dev.quintet.packages.registry.nuget.NuGetAdapter;
import dev.quintet.packages.registry.packagist.PackagistAdapter;
import dev.quintet.packages.registry.pub.PubAdapter;
import dev.quintet.packages.registry.puppet.PuppetAdapter;
import dev.quintet.packages.registry.pypi.PypiAdapter;
import dev.quintet.packages.registry.rubygems.RubyGemsAdapter;
import dev.quintet.packages.store.Dependencies;
import dev.quintet.packages.store.DependentCounts;
import dev.quintet.packages.store.Dependents;
import dev.quintet.packages.store.ProjectSearch;
import dev.quintet.packages.store.VirtualPackages;
import dev.quintet.packages.store.Projects;
import dev.quintet.platform.db.SchemaMigrations;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executors;
import javax.sql.DataSource;
import dev.quintet.platform.tasks.PeriodicTask;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.DependsOn;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/** Wires the package service: schema, store, upstream client, adapters and catalogs. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PackagesProperties.class)
class PackagesConfiguration {

    @Bean
    InitializingBean packagesSchema(DataSource dataSource) {
        return () -> SchemaMigrations.migrate(dataSource, "packages");
    }

    /** Lets {@code %2F} reach the app inside a name segment ({@code %40babel%2Fcore}); Tomcat rejects it by default. */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> encodedSlashesInNames() {
        return factory -> factory.addConnectorCustomizers(connector -> connector.setEncodedSolidusHandling("passthrough"));
    }

    @Bean(destroyMethod = "close")
    HttpClient upstreamClient(PackagesProperties properties) {
        return HttpClient.newBuilder().connectTimeout(properties.connectTimeout())
                .followRedirects(HttpClient.Redirect.NORMAL)
                .executor(Executors.newVirtualThreadPerTaskExecutor()).build();
    }

    @Bean
    UpstreamHttp upstreamHttp(HttpClient upstreamClient, PackagesProperties properties) {
        return new UpstreamHttp(upstreamClient, properties.requestTimeout(), properties.userAgent());
    }

    @Bean
    Adapters adapters(UpstreamHttp http, JsonMapper json, PackagesProperties p, DebianIngestion debian) {
        URI raw = p.upstream("github-raw", "https://raw.githubusercontent.com");
        return new Adapters(List.of(
                new NpmAdapter(p.upstream(Ecosystem.NPM), http, json),
                new MavenAdapter(p.upstream(Ecosystem.MAVEN), http),
                new PypiAdapter(p.upstream(Ecosystem.PYPI), http),
                new CargoAdapter(p.upstream(Ecosystem.CARGO), http),
                new RubyGemsAdapter(p.upstream(Ecosystem.RUBYGEMS), http),
                new GoAdapter(p.upstream(Ecosystem.GO), http),
                new NuGetAdapter(p.upstream(Ecosystem.NUGET), http),
                new PackagistAdapter(p.upstream(Ecosystem.PACKAGIST), http),
                new HexAdapter(p.upstream(Ecosystem.HEX), http),
                new PubAdapter(p.upstream(Ecosystem.PUB), http),
                new ElmAdapter(p.upstream(Ecosystem.ELM), http),
                new HomebrewAdapter(p.upstream(Ecosystem.HOMEBREW), http),
                new PuppetAdapter(p.upstream(Ecosystem.PUPPET), http),
                new ClojarsAdapter(p.upstream(Ecosystem.CLOJARS), p.upstream("clojars-api", "https://clojars.org"),
                        p.upstream("clojars-parents", Ecosystem.MAVEN.defaultUpstream()), http),
                new CocoaPodsAdapter(p.upstream(Ecosystem.COCOAPODS), http),
                new DenoAdapter(p.upstream(Ecosystem.DENO), p.upstream("deno-cdn", "https://cdn.deno.land"), http),
                new JuliaAdapter(p.upstream(Ecosystem.JULIA), http),
                new HelmAdapter(p.upstream(Ecosystem.HELM), http),
                new OpenVsxAdapter(p.upstream(Ecosystem.OPENVSX), http),
                new SpackAdapter(p.upstream(Ecosystem.SPACK), http),
                new CtanAdapter(p.upstream(Ecosystem.CTAN), http),
                new TerraformAdapter(p.upstream(Ecosystem.TERRAFORM), http),
                new CpanAdapter(p.upstream(Ecosystem.CPAN), http),
                new CondaAdapter(p.upstream(Ecosystem.CONDA), http),
                new CranAdapter(p.upstream(Ecosystem.CRAN), http),
                new HackageAdapter(p.upstream(Ecosystem.HACKAGE), http),
                new ConanAdapter(p.upstream(Ecosystem.CONAN), http),
                new SwiftPmAdapter(new RepositoryIndex(p.upstream(Ecosystem.SWIFTPM), raw, http)),
                new ActionsAdapter(new RepositoryIndex(p.upstream(Ecosystem.ACTIONS), raw, http)),
                new BowerAdapter(p.upstream(Ecosystem.BOWER),
                        new RepositoryIndex(p.upstream("bower-repositories", "https://repos.ecosyste.ms"), raw, http), http),
                new DebianAdapter(debian::status)));
    }

    @Bean
    IndexedProjects indexedProjects(JdbcClient jdbc) {
        return new IndexedProjects(jdbc);
    }

    @Bean
    @DependsOn("packagesSchema")
    DebianIngestion debianIngestion(PackagesProperties properties, HttpClient upstreamClient, UpstreamHttp http,
                                    JdbcClient jdbc, TransactionTemplate tx, IndexedProjects projects,
                                    Dependencies dependencies, DependentCounts counts, Clock clock) {
        return new DebianIngestion(properties, upstreamClient, http, jdbc, tx, projects, dependencies, counts, clock);
    }

    /** Looks every {@code ingest-check} for Debian indexes that are due, when this node ingests on a schedule. */
    @Bean
    PeriodicTask debianIngestionSchedule(DebianIngestion ingestion, PackagesProperties properties) {
        return new PeriodicTask("packages-debian-ingestion", properties.debian().ingestCheck(), () -> {
            if (properties.debian().ingestOnSchedule()) {
                ingestion.ingestDue();
            }
        });
    }

    /** Fills in, for rows stored before schema V2, what V2 added: dependency targets' names, latest releases. */
    @Bean
    @DependsOn("packagesSchema")
    InitializingBean packagesBackfill(Dependencies dependencies, Projects projects) {
        return () -> {
            dependencies.normalizeStoredNames();
            projects.recordMissingLatestReleases();
        };
    }

    @Bean
    DependentCounts dependentCounts(PackagesProperties properties) {
        return new DependentCounts(properties.dependentsCountKeep(), 100_000);
    }

    @Bean
    Dependents dependents(JdbcClient jdbc, DependentCounts counts) {
        return new Dependents(jdbc, counts);
    }

    @Bean
    VirtualPackages virtualPackages(JdbcClient jdbc) {
        return new VirtualPackages(jdbc);
    }

    @Bean
    ProjectSearch projectSearch(JdbcClient jdbc) {
        return new ProjectSearch(jdbc);
    }

    @Bean
    Dependencies dependencies(JdbcClient jdbc, Clock clock, DependentCounts counts) {
        return new Dependencies(jdbc, clock, counts);
    }

    @Bean
    Projects projects(JdbcClient jdbc, TransactionTemplate tx, Clock clock, Dependencies dependencies,
                      DependentCounts counts) {
        return new Projects(jdbc, tx, clock, dependencies, counts);
    }

    @Bean
    Demand demand() {
        return new Demand();
    }

    @Bean
    ProjectCatalog projectCatalog(Projects projects, Adapters adapters, PackagesProperties properties, Clock clock,
                                  Demand demand, VirtualPackages virtualPackages) {
        return new ProjectCatalog(projects, adapters, properties, clock, demand, virtualPackages);
    }

    @Bean
    BackgroundRefresh backgroundRefresh(ProjectCatalog catalog, Demand demand, JdbcClient jdbc,
                                        PackagesProperties properties, Clock clock) {
        return new BackgroundRefresh(catalog, demand, jdbc, properties, clock);
    }

    @Bean
    PeriodicTask packagesDemand(BackgroundRefresh refresh, PackagesProperties properties) {
        return new PeriodicTask("packages-demand", properties.refreshInterval().multipliedBy(6), refresh::queueDemand);
    }

    @Bean
    PeriodicTask packagesRefresh(BackgroundRefresh refresh, PackagesProperties properties) {
        return new PeriodicTask("packages-refresh", properties.refreshInterval(), refresh::runOnce);
    }

    @Bean
    DependencyGraphs dependencyGraphs(ProjectCatalog catalog, DependencyCatalog dependencies,
                                      PackagesProperties properties) {
        return new DependencyGraphs(catalog, dependencies, properties.tree());
    }

    @Bean
    DependencyCatalog dependencyCatalog(ProjectCatalog catalog, Adapters adapters, Projects projects,
                                        PackagesProperties properties) {
        return new DependencyCatalog(catalog, adapters, projects, properties.requestTimeout());
    }
}
