package dev.quintet.packages.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quintet.packages.registry.actions.ActionsAdapter;
import dev.quintet.packages.registry.cargo.CargoAdapter;
import dev.quintet.packages.registry.conan.ConanAdapter;
import dev.quintet.packages.registry.conda.CondaAdapter;
import dev.quintet.packages.registry.cran.CranAdapter;
import dev.quintet.packages.registry.hackage.HackageAdapter;
import dev.quintet.packages.registry.repos.RepositoryIndex;
import dev.quintet.packages.registry.swiftpm.SwiftPmAdapter;
import dev.quintet.packages.registry.clojars.ClojarsAdapter;
import dev.quintet.packages.registry.cocoapods.CocoaPodsAdapter;
import dev.quintet.packages.registry.ctan.CtanAdapter;
import dev.quintet.packages.registry.deno.DenoAdapter;
import dev.quintet.packages.registry.helm.HelmAdapter;
import dev.quintet.packages.registry.julia.JuliaAdapter;
import dev.quintet.packages.registry.openvsx.OpenVsxAdapter;
import dev.quintet.packages.registry.spack.SpackAdapter;
import dev.quintet.packages.registry.terraform.TerraformAdapter;
import dev.quintet.packages.registry.elm.ElmAdapter;
import dev.quintet.packages.registry.go.GoAdapter;
import dev.quintet.packages.registry.hex.HexAdapter;
import dev.quintet.packages.registry.homebrew.HomebrewAdapter;
import dev.quintet.packages.registry.nuget.NuGetAdapter;
import dev.quintet.packages.registry.packagist.PackagistAdapter;
import dev.quintet.packages.registry.pub.PubAdapter;
import dev.quintet.packages.registry.puppet.PuppetAdapter;
import dev.quintet.packages.registry.pypi.PypiAdapter;
import dev.quintet.packages.registry.rubygems.RubyGemsAdapter;
import dev.quintet.packages.testing.FakeUpstream;
import dev.quintet.packages.versions.Releases;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs our adapters over the shared recorded registry answers ({@code ../shared/fixtures/registries}, listed in its
 * MANIFEST.tsv): each file is served at the path of the URL it answers. Skips when the folder is absent.
 */
class RegistryFixturesConformanceTest {

    private static final Set<String> KINDS = Set.of("runtime", "development", "optional", "peer", "build", "test");
    private static final Pattern PYPI_PROJECT = Pattern.compile("https://pypi\\.org/pypi/([^/]+)/json");
    private static final Pattern PYPI_RELEASE = Pattern.compile("https://pypi\\.org/pypi/([^/]+)/([^/]+)/json");
    private static final Pattern CRATE = Pattern.compile("https://crates\\.io/api/v1/crates/([^/?]+)");
    private static final Pattern CRATE_DEPS = Pattern.compile("https://crates\\.io/api/v1/crates/([^/]+)/([^/]+)/dependencies");

    static FakeUpstream fake;
    static UpstreamHttp http;

    /**
     * A project document (group 1: name) of a registry whose adapter reads it from a base URL; {@code needs} names
     * another recorded URL the adapter must also read (no test without it), or is null.
     */
    private record ProjectUrl(String ecosystem, Pattern url, String upstreamBase, Function<URI, RegistryAdapter> adapter,
                              Function<Matcher, String> needs) {

        ProjectUrl(String ecosystem, Pattern url, String upstreamBase, Function<URI, RegistryAdapter> adapter) {
            this(ecosystem, url, upstreamBase, adapter, null);
        }
    }

    /** A version's dependency document (group 1: name, group 2: version). */
    private record DependencyUrl(String ecosystem, Pattern url, String upstreamBase, Function<URI, RegistryAdapter> adapter) {
    }

    private static final List<ProjectUrl> PROJECTS = List.of(
            new ProjectUrl("rubygems", Pattern.compile("https://rubygems\\.org/api/v1/versions/([^/]+)\\.json"), "",
                    b -> new RubyGemsAdapter(b, http)),
            new ProjectUrl("go", Pattern.compile("https://proxy\\.golang\\.org/cached-only/(.+)/@v/list"), "/cached-only",
                    b -> new GoAdapter(b, http)),
            new ProjectUrl("nuget", Pattern.compile("https://api\\.nuget\\.org/v3/registration5-gz-semver2/([^/]+)/index\\.json"), "",
                    b -> new NuGetAdapter(b, http)),
            new ProjectUrl("packagist", Pattern.compile("https://repo\\.packagist\\.org/p2/([^/~]+/[^/~]+)\\.json"), "",
                    b -> new PackagistAdapter(b, http)),
            new ProjectUrl("hex", Pattern.compile("https://hex\\.pm/api/packages/([a-z0-9_]+)"), "", b -> new HexAdapter(b, http)),
            new ProjectUrl("pub", Pattern.compile("https://pub\\.dev/api/packages/([a-z0-9_]+)"), "", b -> new PubAdapter(b, http)),
            new ProjectUrl("elm", Pattern.compile("https://package\\.elm-lang\\.org/packages/([^/]+/[^/]+)/releases\\.json"), "",
                    b -> new ElmAdapter(b, http)),
            new ProjectUrl("homebrew", Pattern.compile("https://formulae\\.brew\\.sh/api/formula/([^/]+)\\.json"), "",
                    b -> new HomebrewAdapter(b, http)),
            new ProjectUrl("puppet", Pattern.compile("https://forge\\.puppet\\.com/v3/modules/([^/?]+)"), "",
                    b -> new PuppetAdapter(b, http)),
            new ProjectUrl("clojars", Pattern.compile("https://repo\\.clojars\\.org/([^/]+/[^/]+)/maven-metadata\\.xml"), "",
                    b -> new ClojarsAdapter(b, b, b, http)),
            new ProjectUrl("cocoapods", Pattern.compile("https://cdn\\.cocoapods\\.org/Specs/(?:\\w/){3}([^/]+)/[^/]+/[^/]+\\.podspec\\.json"), "",
                    b -> new CocoaPodsAdapter(b, http), m -> "https://cdn.cocoapods.org/all_pods_versions_"
                    + String.join("_", CocoaPodsAdapter.shard(m.group(1))) + ".txt"),
            new ProjectUrl("deno", Pattern.compile("https://apiland\\.deno\\.dev/v2/modules/([a-z0-9_]+)"), "",
                    b -> new DenoAdapter(b, b, http)),
            new ProjectUrl("julia", Pattern.compile("https://juliahub\\.com/docs/General/([^/]+)/versions\\.json"), "",
                    b -> new JuliaAdapter(b, http)),
            new ProjectUrl("helm", Pattern.compile("https://artifacthub\\.io/api/v1/packages/helm/([^/]+/[^/]+)"), "",
                    b -> new HelmAdapter(b, http)),
            new ProjectUrl("openvsx", Pattern.compile("https://open-vsx\\.org/api/([^/-][^/]*/[^/?]+)"), "",
                    b -> new OpenVsxAdapter(b, http)),
            new ProjectUrl("spack", Pattern.compile("https://packages\\.spack\\.io/data/packages/([^/]+)\\.json"), "",
                    b -> new SpackAdapter(b, http)),
            new ProjectUrl("ctan", Pattern.compile("https://ctan\\.org/json/2\\.0/pkg/([^/]+)"), "", b -> new CtanAdapter(b, http)),
            new ProjectUrl("terraform", Pattern.compile("https://registry\\.terraform\\.io/v1/modules/([^/]+/[^/]+/[^/]+)"), "",
                    b -> new TerraformAdapter(b, http)),
            new ProjectUrl("cran", Pattern.compile("https://cran\\.r-project\\.org/web/packages/([^/]+)/index\\.html"), "",
                    b -> new CranAdapter(b, http)),
            new ProjectUrl("hackage", Pattern.compile("https://hackage\\.haskell\\.org/package/([^/.]+)"), "",
                    b -> new HackageAdapter(b, http)),
            new ProjectUrl("conan", Pattern.compile(
                    "https://raw\\.githubusercontent\\.com/conan-io/conan-center-index/master/recipes/([^/]+)/config\\.yml"),
                    "/conan-io/conan-center-index/master", b -> new ConanAdapter(b, http)),
            new ProjectUrl("swiftpm", Pattern.compile("https://repos\\.ecosyste\\.ms/api/v1/repositories/lookup\\?url=https://(github\\.com/[^/]+/[^/]+)"),
                    "", b -> new SwiftPmAdapter(new RepositoryIndex(b, b, http))),
            new ProjectUrl("actions", Pattern.compile("https://repos\\.ecosyste\\.ms/api/v1/repositories/lookup\\?url=https://github\\.com/([^/]+/[^/]+)"),
                    "", b -> new ActionsAdapter(new RepositoryIndex(b, b, http))));

    private static final List<DependencyUrl> DEPENDENCIES = List.of(
            new DependencyUrl("rubygems", Pattern.compile("https://rubygems\\.org/api/v2/rubygems/([^/]+)/versions/([^/]+)\\.json"), "",
                    b -> new RubyGemsAdapter(b, http)),
            new DependencyUrl("go", Pattern.compile("https://proxy\\.golang\\.org/cached-only/(.+)/@v/(v[^/]+)\\.mod"), "/cached-only",
                    b -> new GoAdapter(b, http)),
            new DependencyUrl("hex", Pattern.compile("https://hex\\.pm/api/packages/([a-z0-9_]+)/releases/([^/]+)"), "",
                    b -> new HexAdapter(b, http)),
            new DependencyUrl("elm", Pattern.compile("https://package\\.elm-lang\\.org/packages/([^/]+/[^/]+)/([^/]+)/elm\\.json"), "",
                    b -> new ElmAdapter(b, http)),
            new DependencyUrl("puppet", Pattern.compile("https://forge\\.puppet\\.com/v3/releases/([a-z0-9]+-[a-z0-9_]+)-([^/]+)"), "",
                    b -> new PuppetAdapter(b, http)),
            new DependencyUrl("cocoapods", Pattern.compile("https://cdn\\.cocoapods\\.org/Specs/(?:\\w/){3}([^/]+)/([^/]+)/[^/]+\\.podspec\\.json"), "",
                    b -> new CocoaPodsAdapter(b, http)),
            new DependencyUrl("deno", Pattern.compile("https://cdn\\.deno\\.land/([a-z0-9_]+)/versions/([^/]+)/meta/deps_v2\\.json"), "",
                    b -> new DenoAdapter(b, b, http)),
            new DependencyUrl("julia", Pattern.compile("https://juliahub\\.com/docs/General/([^/]+)/([0-9][^/]*)/pkg\\.json"), "",
                    b -> new JuliaAdapter(b, http)),
            new DependencyUrl("helm", Pattern.compile("https://artifacthub\\.io/api/v1/packages/helm/([^/]+/[^/]+)/([^/]+)"), "",
                    b -> new HelmAdapter(b, http)),
            new DependencyUrl("openvsx", Pattern.compile("https://open-vsx\\.org/api/([^/-][^/]*/[^/]+)/([0-9][^/]*)"), "",
                    b -> new OpenVsxAdapter(b, http)),
            new DependencyUrl("actions", Pattern.compile("https://raw\\.githubusercontent\\.com/([^/]+/[^/]+)/(v[^/]*)/action\\.yml"), "",
                    b -> new ActionsAdapter(new RepositoryIndex(b, b, http))));


    @BeforeAll
    static void start() {
        fake = FakeUpstream.start();
        http = new UpstreamHttp(HttpClient.newHttpClient(), Duration.ofSeconds(5), "quintet-packages-test");
    }

    @AfterAll
    static void stop() {
        fake.close();
    }

    static Optional<Path> fixtures() {
        String configured = System.getProperty("quintet.shared.fixtures");
        if (configured != null && Files.isDirectory(Path.of(configured))) {
            return Optional.of(Path.of(configured));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            for (Path candidate : List.of(dir.resolve("shared/fixtures/registries"), dir.resolve("../shared/fixtures/registries"))) {
                if (Files.isRegularFile(candidate.resolve("MANIFEST.tsv"))) {
                    return Optional.of(candidate.normalize());
                }
            }
        }
        return Optional.empty();
    }

    @TestFactory
    Stream<DynamicTest> adaptersReadEveryRecordedAnswerOfTheirRegistry() throws IOException {
        Optional<Path> root = fixtures();
        assumeTrue(root.isPresent(), "shared registry fixtures are not present; skipping conformance");
        List<DynamicTest> tests = new ArrayList<>();
        List<String> manifest = Files.readAllLines(root.get().resolve("MANIFEST.tsv"));
        for (String line : manifest.subList(1, manifest.size())) {
            String[] cols = line.split("\t");
            if (cols.length < 3) {
                continue;
            }
            Path file = root.get().resolve(cols[1]);
            String url = cols[2];
            test(cols[0], url, file).or(() -> newerAdapterTest(root.get(), manifest, cols[0], url))
                    .ifPresent(tests::add);
        }
        assertThat(tests).as("fixtures our adapters can read").hasSizeGreaterThanOrEqualTo(35);
        return tests.stream();
    }

    private Optional<DynamicTest> test(String ecosystem, String url, Path file) {
        JsonMapper json = JsonMapper.builder().build();
        URI base = URI.create(fake.baseUrl());
        Matcher m;
        if (ecosystem.equals("pypi") && (m = PYPI_RELEASE.matcher(url)).matches()) {
            String name = m.group(1);
            String version = m.group(2);
            return Optional.of(DynamicTest.dynamicTest("pypi dependencies " + file.getFileName(), () -> {
                serve(url, file);
                checkDependencies(new PypiAdapter(base, http).dependencies(name, version));
            }));
        }
        if (ecosystem.equals("pypi") && (m = PYPI_PROJECT.matcher(url)).matches()) {
            String name = m.group(1);
            return Optional.of(DynamicTest.dynamicTest("pypi project " + file.getFileName(), () -> {
                serve(url, file);
                checkProject(Ecosystem.PYPI, new PypiAdapter(base, http).fetch(name, Validators.NONE));
            }));
        }
        if (ecosystem.equals("cpan") && url.contains("fields=version,date&q=distribution:")) {
            return Optional.of(DynamicTest.dynamicTest("cpan versions " + file.getFileName(), () -> {
                List<String> versions = new ArrayList<>();
                json.readTree(Files.readString(file)).path("hits").path("hits")
                        .forEach(hit -> versions.add(hit.path("fields").path("version").asString()));
                assertThat(versions).isNotEmpty().allSatisfy(v -> assertThat(Ecosystem.CPAN.versions().isValid(v)).as(v).isTrue());
                assertThat(Releases.latest(versions, Ecosystem.CPAN.versions())).isPresent();
            }));
        }
        if (ecosystem.equals("conda") && url.startsWith("https://api.anaconda.org/package/")) {
            String path = URI.create(url).getRawPath();
            return Optional.of(DynamicTest.dynamicTest("conda trimmed answer " + file.getFileName(), () -> {
                serve(url, file);
                String name = path.substring("/package/".length());
                try {
                    checkProject(Ecosystem.CONDA, new CondaAdapter(base, http).fetch(name, Validators.NONE));
                } catch (UpstreamFailure e) {
                    assertThat(e.kind()).isEqualTo(UpstreamFailure.Kind.BAD_ANSWER);
                }
            }));
        }
        if (ecosystem.equals("cargo") && (m = CRATE_DEPS.matcher(url)).matches()) {
            String name = m.group(1);
            String version = m.group(2);
            return Optional.of(DynamicTest.dynamicTest("cargo dependencies " + file.getFileName(), () -> {
                serve(url, file);
                assertThat(new CargoAdapter(base, http).dependencies(name, version)).isNotEmpty()
                        .allSatisfy(d -> assertThat(KINDS).contains(d.kind()));
            }));
        }
        if (ecosystem.equals("cargo") && (m = CRATE.matcher(url)).matches()) {
            String name = m.group(1);
            return Optional.of(DynamicTest.dynamicTest("cargo project " + file.getFileName(), () -> {
                serve(url, file);
                checkProject(Ecosystem.CARGO, new CargoAdapter(base, http).fetch(name, Validators.NONE));
            }));
        }
        return Optional.empty();
    }

    private Optional<DynamicTest> newerAdapterTest(Path root, List<String> manifest, String ecosystem, String url) {
        for (ProjectUrl p : PROJECTS) {
            Matcher m = p.url().matcher(url);
            if (p.ecosystem().equals(ecosystem) && m.matches()) {
                String name = m.group(1);
                if (p.needs() != null && manifest.stream().noneMatch(l -> l.contains("\t" + p.needs().apply(m) + "\t"))) {
                    return Optional.empty();
                }
                return Optional.of(DynamicTest.dynamicTest(ecosystem + " project " + name, () -> {
                    serveEcosystem(root, manifest, ecosystem);
                    checkProject(Ecosystem.named(ecosystem).orElseThrow(),
                            p.adapter().apply(URI.create(fake.baseUrl() + p.upstreamBase())).fetch(name, Validators.NONE));
                }));
            }
        }
        for (DependencyUrl d : DEPENDENCIES) {
            Matcher m = d.url().matcher(url);
            if (d.ecosystem().equals(ecosystem) && m.matches()) {
                String name = m.group(1);
                String version = m.group(2);
                return Optional.of(DynamicTest.dynamicTest(ecosystem + " dependencies " + name + " " + version, () -> {
                    serveEcosystem(root, manifest, ecosystem);
                    checkDependencies(d.adapter().apply(URI.create(fake.baseUrl() + d.upstreamBase()))
                            .dependencies(name, version));
                }));
            }
        }
        return Optional.empty();
    }

    /** Serves every recorded answer of one ecosystem at its path (and query), as the adapters may read several. */
    private static void serveEcosystem(Path root, List<String> manifest, String ecosystem) throws IOException {
        for (String line : manifest.subList(1, manifest.size())) {
            String[] cols = line.split("\t");
            if (cols.length >= 3 && cols[0].equals(ecosystem) && cols[2].startsWith("http")) {
                URI uri = URI.create(cols[2].replace(" ", "%20"));
                String key = uri.getRawQuery() == null ? uri.getRawPath() : uri.getRawPath() + "?" + uri.getRawQuery();
                fake.serveBody(key, Files.readString(root.resolve(cols[1])), "application/json");
            }
        }
    }

    private static void serve(String url, Path file) throws IOException {
        fake.serveBody(URI.create(url).getRawPath(), Files.readString(file), "application/json");
    }

    private static void checkDependencies(List<UpstreamDependency> deps) {
        assertThat(deps).allSatisfy(d -> {
            assertThat(d.name()).isNotBlank();
            assertThat(d.requirements()).isNotBlank();
            assertThat(KINDS).contains(d.kind());
        });
    }

    private static void checkProject(Ecosystem ecosystem, ProjectFetch answer) {
        assertThat(answer).isInstanceOf(ProjectFetch.Fetched.class);
        UpstreamProject p = ((ProjectFetch.Fetched) answer).project();
        assertThat(p.name()).isNotBlank();
        assertThat(p.versions()).isNotEmpty().allSatisfy(v -> assertThat(v.number()).isNotBlank());
        List<String> numbers = p.versions().stream().map(UpstreamVersion::number).toList();
        List<String> sorted = Releases.sorted(numbers, ecosystem.versions());
        assertThat(sorted).containsExactlyInAnyOrderElementsOf(numbers);
        if (numbers.stream().anyMatch(ecosystem.versions()::isValid)) {
            assertThat(Releases.latest(numbers, ecosystem.versions())).isPresent();
        }
        p.versions().stream().filter(v -> v.dependencies() != null).forEach(v -> checkDependencies(v.dependencies()));
    }
}
