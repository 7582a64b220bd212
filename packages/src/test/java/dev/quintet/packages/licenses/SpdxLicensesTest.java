package dev.quintet.packages.licenses;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SpdxLicensesTest {

    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            MIT                                              | MIT
            mit                                              | MIT
            apache-2.0                                       | Apache-2.0
            Apache 2.0                                       | Apache-2.0
            Apache License, Version 2.0                      | Apache-2.0
            The Apache Software License, Version 2.0         | Apache-2.0
            The MIT License                                  | MIT
            GPL-2.0                                          | GPL-2.0-only
            GPL-3.0+                                         | GPL-3.0-or-later
            LGPL-2.1                                         | LGPL-2.1-only
            BSD 3-Clause                                     | BSD-3-Clause
            New BSD License                                  | BSD-3-Clause
            License :: OSI Approved :: MIT License           | MIT
            License :: OSI Approved :: BSD License           | ''
            License :: OSI Approved :: Apache Software License | Apache-2.0
            https://www.apache.org/licenses/LICENSE-2.0.txt  | Apache-2.0
            http://www.apache.org/licenses/LICENSE-2.0       | Apache-2.0
            https://opensource.org/licenses/MIT              | MIT
            http://www.eclipse.org/legal/epl-v10.html        | EPL-1.0
            MIT OR Apache-2.0                                | MIT OR Apache-2.0
            (MIT OR Apache-2.0)                              | (MIT OR Apache-2.0)
            MIT/Apache-2.0                                   | MIT OR Apache-2.0
            mit and isc                                      | MIT AND ISC
            GPL-2.0-only WITH Classpath-exception-2.0        | GPL-2.0-only WITH Classpath-exception-2.0
            Eclipse Public License - v 1.0                   | EPL-1.0
            ISC License (ISCL)                               | ISC
            Mozilla Public License 2.0 (MPL 2.0)             | MPL-2.0
            """)
    void mapsCommonSpellingsToSpdx(String raw, String expected) {
        assertThat(SpdxLicenses.normalize(raw).orElse("")).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "UNLICENSED", "SEE LICENSE IN LICENSE.md", "Proprietary", "BSD", "MIT OR Banana"})
    void leavesUnmappableTextUnmapped(String raw) {
        assertThat(SpdxLicenses.normalize(raw)).isEmpty();
    }

    @Test
    void normalizesListsWithoutDuplicates() {
        assertThat(SpdxLicenses.normalizeAll(List.of("MIT", "The MIT License", "nonsense", "Apache 2")))
                .containsExactly("MIT", "Apache-2.0");
    }
}
