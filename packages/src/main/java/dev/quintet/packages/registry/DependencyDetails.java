package dev.quintet.packages.registry;

import java.util.List;

/**
 * What an ecosystem says about one dependency beyond name, requirement and kind, as the dependency-graph resolvers
 * need it. Fields that do not apply to an ecosystem keep their neutral values.
 *
 * @param scope Maven scope as declared or managed ({@code compile}, {@code runtime}, {@code provided},
 *              {@code test}, {@code system}, {@code import}); null elsewhere
 * @param exclusions Maven exclusions as {@code groupId:artifactId}, either part possibly {@code *}
 * @param marker PyPI environment marker (PEP 508), without the leading {@code ;}; null when there is none
 * @param extras PyPI extras requested of the target ({@code requests[socks]})
 * @param features Cargo features the dependent enables on the target
 * @param defaultFeatures whether the target's default features are on (Cargo {@code default-features})
 */
public record DependencyDetails(String scope, List<String> exclusions, String marker, List<String> extras,
                                List<String> features, boolean defaultFeatures) {

    public static final DependencyDetails NONE = new DependencyDetails(null, List.of(), null, List.of(), List.of(), true);

    public DependencyDetails {
        exclusions = exclusions == null ? List.of() : List.copyOf(exclusions);
        extras = extras == null ? List.of() : List.copyOf(extras);
        features = features == null ? List.of() : List.copyOf(features);
        marker = marker == null || marker.isBlank() ? null : marker.strip();
    }

    public static DependencyDetails maven(String scope, List<String> exclusions) {
        return new DependencyDetails(scope, exclusions, null, List.of(), List.of(), true);
    }

    public static DependencyDetails python(String marker, List<String> extras) {
        return new DependencyDetails(null, List.of(), marker, extras, List.of(), true);
    }

    public static DependencyDetails cargo(List<String> features, boolean defaultFeatures) {
        return new DependencyDetails(null, List.of(), null, List.of(), features, defaultFeatures);
    }
}
