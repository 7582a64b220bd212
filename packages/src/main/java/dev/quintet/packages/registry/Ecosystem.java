package dev.quintet.packages.registry;

import dev.quintet.packages.versions.CargoVersions;
import dev.quintet.packages.versions.ComposerVersions;
import dev.quintet.packages.versions.DebianVersions;
import dev.quintet.packages.versions.CondaVersions;
import dev.quintet.packages.versions.ElmVersions;
import dev.quintet.packages.versions.GoVersions;
import dev.quintet.packages.versions.HexVersions;
import dev.quintet.packages.versions.JuliaVersions;
import dev.quintet.packages.versions.MavenVersions;
import dev.quintet.packages.versions.NpmVersions;
import dev.quintet.packages.versions.NuGetVersions;
import dev.quintet.packages.versions.PerlVersions;
import dev.quintet.packages.versions.PubVersions;
import dev.quintet.packages.versions.PvpVersions;
import dev.quintet.packages.versions.PypiVersions;
import dev.quintet.packages.versions.RVersions;
import dev.quintet.packages.versions.RubyGemsVersions;
import dev.quintet.packages.versions.SpackVersions;
import dev.quintet.packages.versions.TagVersions;
import dev.quintet.packages.versions.VersionScheme;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** A package manager we serve: its names, version rules, default upstream and how long its data stays fresh. */
public enum Ecosystem {
    NPM("NPM", "https://www.npmjs.com", "JavaScript", "npm", new NpmVersions(),
            "https://registry.npmjs.org", Duration.ofMinutes(30), "https://www.npmjs.com/package/%s"),
    MAVEN("Maven", "https://maven.apache.org", "Java", "maven", new MavenVersions(),
            "https://repo1.maven.org/maven2", Duration.ofHours(6), "https://central.sonatype.com/artifact/%s"),
    PYPI("Pypi", "https://pypi.org", "Python", "pypi", new PypiVersions(),
            "https://pypi.org", Duration.ofHours(1), "https://pypi.org/project/%s/"),
    CARGO("Cargo", "https://crates.io", "Rust", "cargo", new CargoVersions(),
            "https://crates.io", Duration.ofHours(1), "https://crates.io/crates/%s"),
    RUBYGEMS("Rubygems", "https://rubygems.org", "Ruby", "gem", new RubyGemsVersions(),
            "https://rubygems.org", Duration.ofHours(1), "https://rubygems.org/gems/%s"),
    GO("Go", "https://pkg.go.dev", "Go", "golang", new GoVersions(),
            "https://proxy.golang.org", Duration.ofHours(6), "https://pkg.go.dev/%s"),
    NUGET("NuGet", "https://www.nuget.org", "C#", "nuget", new NuGetVersions(),
            "https://api.nuget.org", Duration.ofHours(1), "https://www.nuget.org/packages/%s"),
    PACKAGIST("Packagist", "https://packagist.org", "PHP", "composer", new ComposerVersions(),
            "https://repo.packagist.org", Duration.ofHours(1), "https://packagist.org/packages/%s"),
    HEX("Hex", "https://hex.pm", "Elixir", "hex", new HexVersions(),
            "https://hex.pm", Duration.ofHours(1), "https://hex.pm/packages/%s"),
    PUB("Pub", "https://pub.dev", "Dart", "pub", new PubVersions(),
            "https://pub.dev", Duration.ofHours(1), "https://pub.dev/packages/%s"),
    ELM("Elm", "https://package.elm-lang.org", "Elm", "elm", new ElmVersions(),
            "https://package.elm-lang.org", Duration.ofHours(6), "https://package.elm-lang.org/packages/%s/latest/"),
    HOMEBREW("Homebrew", "https://brew.sh", "Ruby", "brew", new MavenVersions(),
            "https://formulae.brew.sh", Duration.ofHours(6), "https://formulae.brew.sh/formula/%s"),
    PUPPET("Puppet", "https://forge.puppet.com", "Puppet", "puppet", new NpmVersions(),
            "https://forgeapi.puppet.com", Duration.ofHours(6), "https://forge.puppet.com/modules/%s"),
    CLOJARS("Clojars", "https://clojars.org", "Clojure", "maven", new MavenVersions(),
            "https://repo.clojars.org", Duration.ofHours(6), "https://clojars.org/%s"),
    COCOAPODS("CocoaPods", "https://cocoapods.org", "Objective-C", "cocoapods", new RubyGemsVersions(),
            "https://cdn.cocoapods.org", Duration.ofHours(6), "https://cocoapods.org/pods/%s"),
    DENO("Deno", "https://deno.land/x", "TypeScript", null, new TagVersions(),
            "https://apiland.deno.dev", Duration.ofHours(6), "https://deno.land/x/%s"),
    JULIA("Julia", "https://julialang.org", "Julia", "julia", new JuliaVersions(),
            "https://juliahub.com", Duration.ofHours(6), "https://juliahub.com/ui/Packages/General/%s"),
    HELM("Helm", "https://artifacthub.io", "Go template", null, new NpmVersions(),
            "https://artifacthub.io", Duration.ofHours(1), "https://artifacthub.io/packages/helm/%s"),
    OPENVSX("Open VSX", "https://open-vsx.org", "TypeScript", null, new NpmVersions(),
            "https://open-vsx.org", Duration.ofHours(1), "https://open-vsx.org/extension/%s"),
    SPACK("Spack", "https://packages.spack.io", "Python", null, new SpackVersions(),
            "https://packages.spack.io", Duration.ofHours(6), "https://packages.spack.io/package.html?name=%s"),
    CTAN("CTAN", "https://ctan.org", "TeX", null, new MavenVersions(),
            "https://ctan.org", Duration.ofHours(6), "https://ctan.org/pkg/%s"),
    TERRAFORM("Terraform", "https://registry.terraform.io", "HCL", null, new RubyGemsVersions(),
            "https://registry.terraform.io", Duration.ofHours(1), "https://registry.terraform.io/%s"),
    CPAN("CPAN", "https://metacpan.org", "Perl", "cpan", new PerlVersions(),
            "https://fastapi.metacpan.org", Duration.ofHours(6), "https://metacpan.org/dist/%s"),
    CONDA("Conda", "https://anaconda.org", "Python", "conda", new CondaVersions(),
            "https://api.anaconda.org", Duration.ofHours(6), "https://anaconda.org/%s"),
    CRAN("CRAN", "https://cran.r-project.org", "R", "cran", new RVersions(),
            "https://cran.r-project.org", Duration.ofHours(6), "https://cran.r-project.org/package=%s"),
    HACKAGE("Hackage", "https://hackage.haskell.org", "Haskell", "hackage", new PvpVersions(),
            "https://hackage.haskell.org", Duration.ofHours(6), "https://hackage.haskell.org/package/%s"),
    CONAN("Conan", "https://conan.io/center", "C++", "conan", new MavenVersions(),
            "https://raw.githubusercontent.com/conan-io/conan-center-index/master", Duration.ofHours(6),
            "https://conan.io/center/recipes/%s"),
    SWIFTPM("SwiftPM", "https://swiftpackageindex.com", "Swift", "swift", new TagVersions(),
            "https://repos.ecosyste.ms", Duration.ofHours(6), "https://swiftpackageindex.com/%s"),
    ACTIONS("GitHub Actions", "https://github.com/marketplace?type=actions", "YAML", "github", new TagVersions(),
            "https://repos.ecosyste.ms", Duration.ofHours(6), "https://github.com/%s"),
    BOWER("Bower", "https://bower.io", "JavaScript", null, new NpmVersions(),
            "https://registry.bower.io", Duration.ofHours(6), "https://bower.io/search/?q=%s"),
    DEBIAN("Debian", "https://www.debian.org", null, "deb", new DebianVersions(),
            "https://deb.debian.org/debian", Duration.ofHours(24), "https://tracker.debian.org/pkg/%s");

    private final String displayName;
    private final String homepage;
    private final String defaultLanguage;
    private final String purlType;
    private final VersionScheme versions;
    private final String defaultUpstream;
    private final Duration defaultTtl;
    private final String packageUrlTemplate;

    Ecosystem(String displayName, String homepage, String defaultLanguage, String purlType, VersionScheme versions,
              String defaultUpstream, Duration defaultTtl, String packageUrlTemplate) {
        this.displayName = displayName;
        this.homepage = homepage;
        this.defaultLanguage = defaultLanguage;
        this.purlType = purlType;
        this.versions = versions;
        this.defaultUpstream = defaultUpstream;
        this.defaultTtl = defaultTtl;
        this.packageUrlTemplate = packageUrlTemplate;
    }

    /** The ecosystem a path segment names, in any letter case ({@code NPM}, {@code npm}). */
    public static Optional<Ecosystem> named(String name) {
        return Arrays.stream(values()).filter(e -> e.key().equalsIgnoreCase(name == null ? "" : name.strip()))
                .findFirst();
    }

    /** The lower-case key used in paths and configuration ({@code npm}, {@code maven}). */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String displayName() {
        return displayName;
    }

    public String homepage() {
        return homepage;
    }

    public String defaultLanguage() {
        return defaultLanguage;
    }

    /** The Package URL type registered for the ecosystem in the purl specification; null when none is. */
    public String purlType() {
        return purlType;
    }

    public VersionScheme versions() {
        return versions;
    }

    public String defaultUpstream() {
        return defaultUpstream;
    }

    public Duration defaultTtl() {
        return defaultTtl;
    }

    public String packageManagerUrl(String name) {
        return packageUrlTemplate.formatted(switch (this) {
            case MAVEN -> name.replace(':', '/');
            case OPENVSX -> name.replaceFirst("\\.", "/");
            case TERRAFORM -> (name.split("/").length == 3 ? "modules/" : "providers/") + name;
            case SWIFTPM -> name.substring(name.indexOf('/') + 1);
            case CONDA -> name.contains("/") ? name : "conda-forge/" + name;
            default -> name;
        });
    }

    /** The form names are stored and compared under (PyPI and Cargo treat case and separators alike). */
    public String normalize(String name) {
        return EcosystemNames.normalize(this, name.strip());
    }

    /** Why a name cannot exist in this ecosystem, or empty when it can. */
    public Optional<String> nameProblem(String name) {
        return EcosystemNames.problem(this, name);
    }
}
