package dev.quintet.packages.web;

import com.github.packageurl.MalformedPackageURLException;
import com.github.packageurl.PackageURL;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.platform.errors.ApiException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.web.util.UriUtils;

/**
 * Package URLs (purl) of our projects, and the project a purl names. Clojars packages are Maven packages of its
 * repository; conda packages name their channel as a qualifier; Go module paths keep their letter case (purl libraries
 * lower-case them, but module paths are case-sensitive); Debian packages are {@code deb} packages of the
 * {@code debian} namespace.
 */
final class PackageUrls {

    static final String RULE = "purl must be a Package URL, pkg:type/namespace/name@version?qualifiers#subpath, "
            + "with the npm scope's @ as %40 (pkg:npm/%40babel/core@7.24.0)";

    private static final Map<String, Ecosystem> MAVEN_REPOSITORIES = Map.of(
            "repo1.maven.org/maven2", Ecosystem.MAVEN, "repo.maven.apache.org/maven2", Ecosystem.MAVEN,
            "repo.clojars.org", Ecosystem.CLOJARS, "clojars.org/repo", Ecosystem.CLOJARS);

    /** What a purl names: a project and, when the purl has one, a version. */
    record Target(Ecosystem ecosystem, String name, String version) {
    }

    private PackageUrls() {
    }

    /**
     * The project's purl; none where the purl specification registers no type for the ecosystem, or the type needs a
     * part we do not store (Julia's package UUID, the CPAN author of a distribution).
     */
    static String of(Ecosystem ecosystem, String name) {
        if (ecosystem.purlType() == null || ecosystem == Ecosystem.JULIA || ecosystem == Ecosystem.CPAN) {
            return null;
        }
        if (ecosystem == Ecosystem.GO) {
            return "pkg:golang/" + name.replace("+", "%2B");
        }
        String namespace = null;
        String local = name;
        TreeMap<String, String> qualifiers = null;
        if (ecosystem == Ecosystem.CLOJARS) {
            String[] ga = name.split("/", 2);
            namespace = ga[0];
            local = ga.length == 2 ? ga[1] : ga[0];
            qualifiers = new TreeMap<>(Map.of("repository_url", "https://repo.clojars.org"));
        } else if (ecosystem == Ecosystem.CONDA) {
            local = name.substring(name.indexOf('/') + 1);
            qualifiers = new TreeMap<>(Map.of("channel", name.contains("/") ? name.substring(0, name.indexOf('/')) : "conda-forge"));
        } else if (ecosystem == Ecosystem.DEBIAN) {
            namespace = "debian";
        } else if (ecosystem == Ecosystem.MAVEN && name.contains(":")) {
            namespace = name.substring(0, name.indexOf(':'));
            local = name.substring(name.indexOf(':') + 1);
        } else if (name.contains("/")) {
            namespace = name.substring(0, name.lastIndexOf('/'));
            local = name.substring(name.lastIndexOf('/') + 1);
        }
        try {
            return new PackageURL(ecosystem.purlType(), namespace, local, null, qualifiers, null).canonicalize();
        } catch (MalformedPackageURLException e) {
            return null;
        }
    }

    /**
     * The project (and version) a purl names, in our name rules. Qualifiers other than Maven's {@code repository_url}
     * and conda's {@code channel}, and the subpath, are not used. The scheme is read in any case, and an {@code @}
     * right after a {@code /} as an npm scope even when it is not percent-encoded.
     *
     * @throws ApiException 400 for a malformed purl or a name the ecosystem cannot have; 404 for a type or repository
     *                      we do not serve
     */
    static Target parse(String text) {
        String written = text.strip();
        String lenient = (written.regionMatches(true, 0, "pkg:", 0, 4) ? "pkg:" + written.substring(4) : written)
                .replace("/@", "/%40");
        PackageURL purl;
        try {
            purl = new PackageURL(lenient);
        } catch (MalformedPackageURLException | RuntimeException e) {
            throw ApiException.invalidParameter("purl", RULE + "; " + e.getMessage() + ", got '" + text + "'");
        }
        Ecosystem ecosystem = ecosystem(purl);
        String namespace = purl.getNamespace();
        String name = switch (ecosystem) {
            case MAVEN -> namespace + ":" + purl.getName();
            case CONDA -> channel(purl) + purl.getName();
            case GO -> goModulePath(text);
            case PUPPET -> namespace == null ? purl.getName() : namespace + "-" + purl.getName();
            case CPAN, JULIA, DEBIAN -> purl.getName();
            default -> namespace == null ? purl.getName() : namespace + "/" + purl.getName();
        };
        ecosystem.nameProblem(name).ifPresent(problem -> {
            throw ApiException.invalidParameter("purl", "the purl names the " + ecosystem.displayName()
                    + " package '" + name + "', which cannot exist: " + problem);
        });
        return new Target(ecosystem, name, purl.getVersion());
    }

    private static Ecosystem ecosystem(PackageURL purl) {
        String type = purl.getType();
        if (type.equals("maven")) {
            String repository = purl.getQualifiers() == null ? null : purl.getQualifiers().get("repository_url");
            return repository == null ? Ecosystem.MAVEN : Optional.ofNullable(MAVEN_REPOSITORIES.get(repository(repository)))
                    .orElseThrow(() -> new ApiException(404, "unsupported_purl", "Maven packages are served from "
                            + "Maven Central and Clojars (repository_url=https://repo.clojars.org) only, got repository_url "
                            + repository));
        }
        if (type.equals("deb") && !"debian".equals(purl.getNamespace())) {
            throw new ApiException(404, "unsupported_purl", "deb packages are served for the debian namespace only"
                    + " (pkg:deb/debian/curl), got " + (purl.getNamespace() == null ? "none" : purl.getNamespace()));
        }
        return Arrays.stream(Ecosystem.values()).filter(e -> type.equals(e.purlType())).findFirst()
                .orElseThrow(() -> new ApiException(404, "unsupported_purl", "purl type '" + type
                        + "' is not served; served types: " + Arrays.stream(Ecosystem.values())
                        .map(Ecosystem::purlType).filter(t -> t != null).distinct().sorted()
                        .collect(Collectors.joining(", "))));
    }

    private static String repository(String url) {
        return url.strip().toLowerCase(Locale.ROOT).replaceFirst("^https?://", "").replaceFirst("/+$", "");
    }

    private static String channel(PackageURL purl) {
        String channel = purl.getQualifiers() == null ? null : purl.getQualifiers().get("channel");
        return channel == null || channel.equals("conda-forge") ? "" : channel + "/";
    }

    /** Namespace and name of a {@code pkg:golang/...} purl as written, percent-decoded, letter case kept. */
    private static String goModulePath(String text) {
        String rest = text.strip();
        rest = rest.substring(rest.indexOf(':') + 1).replaceFirst("^/+", "");
        rest = rest.substring(rest.indexOf('/') + 1);
        for (char end : new char[] {'#', '?'}) {
            rest = rest.indexOf(end) >= 0 ? rest.substring(0, rest.indexOf(end)) : rest;
        }
        rest = rest.lastIndexOf('@') >= 0 ? rest.substring(0, rest.lastIndexOf('@')) : rest;
        return Arrays.stream(rest.split("/")).filter(s -> !s.isEmpty())
                .map(s -> UriUtils.decode(s, StandardCharsets.UTF_8)).collect(Collectors.joining("/"));
    }
}
