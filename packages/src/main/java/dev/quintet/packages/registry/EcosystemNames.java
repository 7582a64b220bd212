package dev.quintet.packages.registry;

import java.util.Locale;
import java.util.Optional;

/** Each ecosystem's naming rule and the form its names are stored and compared under. */
final class EcosystemNames {

    private static final String SEGMENT = "[A-Za-z0-9][A-Za-z0-9_-]*";

    private EcosystemNames() {
    }

    static String normalize(Ecosystem ecosystem, String n) {
        return switch (ecosystem) {
            case PYPI -> n.toLowerCase(Locale.ROOT).replaceAll("[-_.]+", "-");
            case CARGO -> n.toLowerCase(Locale.ROOT).replace('_', '-');
            case NUGET, PACKAGIST, HELM, CTAN, TERRAFORM -> n.toLowerCase(Locale.ROOT);
            case PUPPET -> n.toLowerCase(Locale.ROOT).replace('/', '-');
            case OPENVSX -> n.toLowerCase(Locale.ROOT).replaceFirst("/", ".");
            case CLOJARS -> clojars(n);
            case CONDA -> n.toLowerCase(Locale.ROOT).replaceFirst("^conda-forge/", "");
            case HACKAGE, SWIFTPM, ACTIONS, DEBIAN -> n.toLowerCase(Locale.ROOT);
            default -> n;
        };
    }

    /** Clojars' own spelling: {@code group/artifact}, or just {@code artifact} when the group is the same. */
    static String clojars(String n) {
        String[] ga = n.split("[:/]", 2);
        return ga.length == 1 || ga[0].equals(ga[1]) ? ga[0] : ga[0] + "/" + ga[1];
    }

    static Optional<String> problem(Ecosystem ecosystem, String name) {
        if (name == null || name.isBlank()) {
            return Optional.of("name must not be empty");
        }
        if (name.length() > 300 || name.chars().anyMatch(c -> c < 0x21 || c == 0x7f)) {
            return Optional.of("name must be 1..300 visible characters without spaces");
        }
        if (ecosystem == Ecosystem.NPM && name.startsWith("@") && !name.matches("@[^/]+/[^/]+")) {
            return Optional.of("scoped npm names are @scope/name");
        }
        return Optional.ofNullable(rule(ecosystem, name));
    }

    private static String rule(Ecosystem ecosystem, String name) {
        return switch (ecosystem) {
            case MAVEN -> name.matches("[A-Za-z0-9_.\\-]+:[A-Za-z0-9_.\\-]+") ? null
                    : "Maven names are groupId:artifactId, e.g. org.apache.commons:commons-text";
            case RUBYGEMS -> name.matches("[A-Za-z0-9][A-Za-z0-9._-]*") ? null
                    : "gem names are letters, digits, '.', '_' and '-', e.g. nokogiri";
            case GO -> name.matches("[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+(/[A-Za-z0-9._~+-]+)*") && !name.contains("/../")
                    && !name.endsWith("/..") ? null
                    : "Go names are module paths such as github.com/aws/smithy-go, sent as github.com%2Faws%2Fsmithy-go";
            case NUGET -> name.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*") && name.length() <= 100 ? null
                    : "NuGet ids are letters, digits, '.', '_' and '-', at most 100, e.g. Newtonsoft.Json";
            case PACKAGIST -> name.matches("[a-zA-Z0-9]([_.-]?[a-zA-Z0-9]+)*/[a-zA-Z0-9](([_.]|-{1,2})?[a-zA-Z0-9]+)*") ? null
                    : "Packagist names are vendor/package, e.g. psr/log, sent as psr%2Flog";
            case HEX -> name.matches("[a-z][a-z0-9_]*") ? null
                    : "Hex names are lower-case letters, digits and '_', starting with a letter, e.g. phoenix";
            case PUB -> name.matches("[a-zA-Z_][a-zA-Z0-9_]*") ? null
                    : "Pub names are letters, digits and '_', not starting with a digit, e.g. http";
            case ELM -> name.matches("[A-Za-z0-9_-]+/[A-Za-z0-9_-]+") ? null
                    : "Elm names are author/project, e.g. elm/json, sent as elm%2Fjson";
            case HOMEBREW -> name.matches("[a-z0-9][a-z0-9@+._-]*") ? null
                    : "Homebrew names are formula names (lower-case letters, digits, '@', '+', '.', '_', '-'), e.g. openssl@3";
            case PUPPET -> name.matches("[A-Za-z0-9]+[-/][a-z][a-z0-9_]*") ? null
                    : "Puppet names are owner-module, e.g. puppetlabs-stdlib";
            case CLOJARS -> name.matches("[A-Za-z0-9_.-]+([:/][A-Za-z0-9_.-]+)?") && !name.matches(".*(^|[:/])\\.+($|[:/]).*") ? null
                    : "Clojars names are group/artifact, or artifact when the group is the same, e.g. ring%2Fring-core or hiccup";
            case COCOAPODS -> name.matches("[A-Za-z0-9_+-][A-Za-z0-9_.+-]*") ? null
                    : "CocoaPods names are letters, digits, '_', '+', '-' and '.', not starting with '.', e.g. Alamofire";
            case DENO -> name.matches("[a-z0-9_]{2,40}") ? null
                    : "Deno module names are 2..40 lower-case letters, digits and '_', e.g. oak";
            case JULIA -> name.matches("[A-Za-z_][A-Za-z0-9_]*") ? null
                    : "Julia package names are identifiers without the .jl suffix, e.g. DataFrames";
            case HELM -> name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*") ? null
                    : "Helm names are repository/chart as Artifact Hub names them, e.g. bitnami%2Fnginx";
            case OPENVSX -> name.matches(SEGMENT + "[./][A-Za-z0-9][A-Za-z0-9_.-]*") ? null
                    : "Open VSX names are namespace.extension, e.g. redhat.vscode-yaml";
            case SPACK -> name.matches("[a-z0-9][a-z0-9_-]*") ? null
                    : "Spack names are lower-case letters, digits, '_' and '-', e.g. py-numpy";
            case CTAN -> name.matches("[A-Za-z0-9][A-Za-z0-9_.-]*") ? null
                    : "CTAN names are package ids (letters, digits, '_', '.', '-'), e.g. pgf";
            case TERRAFORM -> name.matches(SEGMENT + "/" + SEGMENT + "(/[A-Za-z0-9]+)?") ? null
                    : "Terraform names are namespace/name/provider for modules or namespace/type for providers, "
                    + "e.g. terraform-aws-modules%2Fvpc%2Faws or hashicorp%2Faws";
            case CPAN -> name.matches("[A-Za-z][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*") ? null
                    : "CPAN names are distribution names (words joined by '-'), e.g. libwww-perl or Moose; not module names like LWP::UserAgent";
            case CONDA -> name.matches("([a-z0-9][a-z0-9_.-]*/)?[A-Za-z0-9_][A-Za-z0-9_.-]*") ? null
                    : "Conda names are name (channel conda-forge) or channel/name, e.g. numpy or bioconda%2Fsamtools";
            case CRAN -> name.matches("[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9]") ? null
                    : "CRAN names are letters, digits and '.', starting with a letter, at least two characters, e.g. ggplot2";
            case HACKAGE -> name.matches("[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*)*") ? null
                    : "Hackage names are words of letters and digits joined by '-', each with a letter, e.g. aeson";
            case CONAN -> name.matches("[a-z0-9_][a-z0-9_.+-]{1,100}") ? null
                    : "Conan names are lower-case recipe names (letters, digits, '_', '.', '+', '-'), e.g. zlib";
            case SWIFTPM -> name.matches("github\\.com/" + SEGMENT + "/[A-Za-z0-9_.-]+") ? null
                    : "SwiftPM names are github.com/owner/repository, e.g. github.com%2Fapple%2Fswift-argument-parser";
            case ACTIONS -> name.matches(SEGMENT + "/[A-Za-z0-9_.-]+") && !name.endsWith("/.") && !name.endsWith("/..") ? null
                    : "GitHub Actions names are owner/repository, e.g. actions%2Fcheckout";
            case BOWER -> name.matches("[a-z0-9][a-z0-9_.-]*") ? null
                    : "Bower names are lower-case letters, digits, '_', '.' and '-', e.g. angular";
            case DEBIAN -> name.matches("[A-Za-z0-9][A-Za-z0-9+.-]+") ? null
                    : "Debian names are binary package names (at least two lower-case letters, digits, '+', '-' and '.',"
                    + " starting with a letter or digit), e.g. libc6";
            default -> null;
        };
    }
}
