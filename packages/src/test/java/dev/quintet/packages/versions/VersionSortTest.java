package dev.quintet.packages.versions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.packages.registry.Ecosystem;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Sorting that reads each number once orders exactly as the scheme's comparison does, in every ecosystem. */
class VersionSortTest {

    private static final List<String> NUMBERS = List.of("1.0.0", "1.0", "1", "0.9.1", "2.0.0-rc.1", "2.0.0-alpha",
            "2.0.0", "10.0.0", "1.10.0", "1.2.3", "1.2.3-beta.2", "1.2.3-beta.10", "v1.4.0", "1.0.0.Final", "1.0-SNAPSHOT",
            "3.0a1", "3.0.post1", "1:2.3-1", "2.3-1", "2.3-1~bpo", "not a version", "", "zzz", "1.0.0", "4.0.0+build.7",
            "0.0.0-20190101000000-abcdef123456", "1.0.0.pre", "1.5-1");

    @ParameterizedTest
    @EnumSource(Ecosystem.class)
    void readingEachNumberOnceKeepsTheSchemesOrder(Ecosystem ecosystem) {
        VersionScheme scheme = ecosystem.versions();
        List<String> shuffled = new ArrayList<>(NUMBERS);
        Collections.shuffle(shuffled, new Random(ecosystem.ordinal()));
        List<String> byComparison = shuffled.stream().sorted(scheme).toList();
        assertThat(scheme.sort(shuffled, Function.identity())).containsExactlyElementsOf(byComparison);
    }
}
