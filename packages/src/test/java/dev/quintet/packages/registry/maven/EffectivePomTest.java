package dev.quintet.packages.registry.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.DependencyDetails;
import dev.quintet.packages.registry.UpstreamDependency;
import dev.quintet.packages.testing.FakeUpstream;
import java.util.List;
import org.junit.jupiter.api.Test;

class EffectivePomTest {

    private final EffectivePom pom = new EffectivePom(List.of(
            Pom.parse(FakeUpstream.resource("maven/commons-text-1.15.0.pom")),
            Pom.parse(FakeUpstream.resource("maven/commons-parent-93.pom")),
            Pom.parse(FakeUpstream.resource("maven/apache-35.pom"))));

    @Test
    void inheritsLicencesFromTheNearestParentDeclaringThem() {
        assertThat(pom.licenses()).containsExactly("Apache-2.0");
    }

    @Test
    void interpolatesTheInheritedScmUrlWithTheChildsProperties() {
        assertThat(pom.scmUrl()).isEqualTo("https://gitbox.apache.org/repos/asf?p=commons-text.git");
    }

    @Test
    void resolvesDependencyVersionsFromPropertiesAndMapsScopes() {
        List<UpstreamDependency> deps = pom.dependencies();

        assertThat(deps).contains(new UpstreamDependency("org.apache.commons:commons-lang3", "3.20.0", "runtime", false,
                DependencyDetails.maven("compile", List.of())));
        assertThat(deps).filteredOn(d -> d.name().equals("commons-io:commons-io"))
                .containsExactly(new UpstreamDependency("commons-io:commons-io", "2.21.0", "test", false,
                        DependencyDetails.maven("test", List.of())));
        assertThat(deps).allSatisfy(d -> assertThat(d.requirements()).doesNotContain("${"));
    }

    @Test
    void rejectsDocumentsThatAreNotPoms() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Pom.parse("<html><body/></html>"))
                .isInstanceOf(IllegalStateException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Pom.parse("{\"json\":true}"))
                .isInstanceOf(IllegalStateException.class);
    }
}
