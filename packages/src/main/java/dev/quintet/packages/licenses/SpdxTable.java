package dev.quintet.packages.licenses;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import static java.util.Map.entry;

/** The SPDX ids we recognise and the common spellings and URLs that stand for them. */
final class SpdxTable {

    private SpdxTable() {
    }

    static final List<String> IDS = List.of(
            "0BSD", "AFL-3.0", "AGPL-3.0-only", "AGPL-3.0-or-later", "Apache-1.1", "Apache-2.0", "Artistic-1.0",
            "Artistic-2.0", "Beerware", "BlueOak-1.0.0", "BSD-1-Clause", "BSD-2-Clause", "BSD-3-Clause",
            "BSD-3-Clause-Clear", "BSD-4-Clause", "BSL-1.0", "BUSL-1.1", "CC-BY-3.0", "CC-BY-4.0", "CC-BY-SA-3.0",
            "CC-BY-SA-4.0", "CC-BY-NC-4.0", "CC0-1.0", "CDDL-1.0", "CDDL-1.1", "CECILL-2.1", "CPL-1.0",
            "EPL-1.0", "EPL-2.0", "EUPL-1.1", "EUPL-1.2", "GPL-1.0-or-later", "GPL-2.0-only", "GPL-2.0-or-later",
            "GPL-3.0-only", "GPL-3.0-or-later", "HPND", "ISC", "JSON", "LGPL-2.0-only", "LGPL-2.0-or-later",
            "LGPL-2.1-only", "LGPL-2.1-or-later", "LGPL-3.0-only", "LGPL-3.0-or-later", "MIT", "MIT-0", "MPL-1.1",
            "MPL-2.0", "MS-PL", "MS-RL", "NCSA", "OFL-1.1", "OpenSSL", "PHP-3.01", "PostgreSQL", "PSF-2.0",
            "Python-2.0", "Ruby", "SSPL-1.0", "Unicode-3.0", "Unicode-DFS-2016", "Unlicense", "UPL-1.0",
            "Vim", "W3C", "WTFPL", "LPPL-1.0", "LPPL-1.1", "LPPL-1.2", "LPPL-1.3a", "LPPL-1.3c", "Knuth-CTAN", "X11", "Zlib", "ZPL-2.1", "Elastic-2.0", "LicenseRef-scancode-public-domain");

    static final Map<String, String> DEPRECATED = Map.ofEntries(
            entry("GPL-2.0", "GPL-2.0-only"), entry("GPL-2.0+", "GPL-2.0-or-later"),
            entry("GPL-3.0", "GPL-3.0-only"), entry("GPL-3.0+", "GPL-3.0-or-later"),
            entry("LGPL-2.0", "LGPL-2.0-only"), entry("LGPL-2.0+", "LGPL-2.0-or-later"),
            entry("LGPL-2.1", "LGPL-2.1-only"), entry("LGPL-2.1+", "LGPL-2.1-or-later"),
            entry("LGPL-3.0", "LGPL-3.0-only"), entry("LGPL-3.0+", "LGPL-3.0-or-later"),
            entry("AGPL-3.0", "AGPL-3.0-only"), entry("GPL-1.0+", "GPL-1.0-or-later"));

    static final Map<String, String> ALIASES = Map.ofEntries(
            // CTAN's licence keys (https://ctan.org/license); unversioned ones (lppl, gpl, fdl) are not mapped
            entry("lppl1", "LPPL-1.0"), entry("lppl1.2", "LPPL-1.2"), entry("lppl1.3a", "LPPL-1.3a"),
            entry("lppl1.3c", "LPPL-1.3c"), entry("gpl2", "GPL-2.0-only"), entry("gpl2+", "GPL-2.0-or-later"),
            entry("gpl3", "GPL-3.0-only"), entry("gpl3+", "GPL-3.0-or-later"), entry("lgpl2.1", "LGPL-2.1-only"),
            entry("lgpl3", "LGPL-3.0-only"), entry("bsd2", "BSD-2-Clause"), entry("bsd3", "BSD-3-Clause"),
            entry("bsd4", "BSD-4-Clause"), entry("apache2", "Apache-2.0"), entry("artistic2", "Artistic-2.0"),
            entry("cc-by-4", "CC-BY-4.0"), entry("cc-by-sa-4", "CC-BY-SA-4.0"), entry("cc-by-3", "CC-BY-3.0"),
            entry("cc-by-sa-3", "CC-BY-SA-3.0"), entry("cc0", "CC0-1.0"), entry("ofl", "OFL-1.1"), entry("knuth", "Knuth-CTAN"),
            entry("Apache 2", "Apache-2.0"), entry("Apache 2.0", "Apache-2.0"), entry("Apache-2", "Apache-2.0"),
            entry("Apache License 2.0", "Apache-2.0"), entry("Apache License, Version 2.0", "Apache-2.0"),
            entry("The Apache Software License, Version 2.0", "Apache-2.0"), entry("Apache Software License", "Apache-2.0"),
            entry("Apache Software License 2.0", "Apache-2.0"), entry("ASL 2.0", "Apache-2.0"), entry("Apache v2", "Apache-2.0"),
            entry("MIT License", "MIT"), entry("The MIT License", "MIT"), entry("Expat", "MIT"), entry("MIT/X11", "MIT"),
            entry("BSD 3-Clause", "BSD-3-Clause"), entry("3-Clause BSD License", "BSD-3-Clause"),
            entry("New BSD License", "BSD-3-Clause"), entry("Revised BSD License", "BSD-3-Clause"),
            entry("Modified BSD License", "BSD-3-Clause"), entry("BSD 3-Clause License", "BSD-3-Clause"),
            entry("BSD 2-Clause", "BSD-2-Clause"), entry("Simplified BSD License", "BSD-2-Clause"),
            entry("2-Clause BSD License", "BSD-2-Clause"), entry("FreeBSD License", "BSD-2-Clause"),
            entry("BSD 2-Clause License", "BSD-2-Clause"),
            entry("GPLv2", "GPL-2.0-only"), entry("GPL v2", "GPL-2.0-only"), entry("GPLv2+", "GPL-2.0-or-later"),
            entry("GPLv3", "GPL-3.0-only"), entry("GPL v3", "GPL-3.0-only"), entry("GPLv3+", "GPL-3.0-or-later"),
            entry("GNU General Public License v3 (GPLv3)", "GPL-3.0-only"),
            entry("GNU General Public License v2 (GPLv2)", "GPL-2.0-only"),
            entry("GNU General Public License v3 or later (GPLv3+)", "GPL-3.0-or-later"),
            entry("GNU Lesser General Public License v3 (LGPLv3)", "LGPL-3.0-only"),
            entry("GNU Lesser General Public License v2 or later (LGPLv2+)", "LGPL-2.0-or-later"),
            entry("GNU Affero General Public License v3", "AGPL-3.0-only"),
            entry("LGPLv2.1", "LGPL-2.1-only"), entry("LGPLv3", "LGPL-3.0-only"), entry("LGPL v3", "LGPL-3.0-only"),
            entry("GNU Lesser General Public License, Version 2.1", "LGPL-2.1-only"),
            entry("MPL 2.0", "MPL-2.0"), entry("Mozilla Public License 2.0", "MPL-2.0"),
            entry("Mozilla Public License 2.0 (MPL 2.0)", "MPL-2.0"), entry("Mozilla Public License, Version 2.0", "MPL-2.0"),
            entry("Eclipse Public License 1.0", "EPL-1.0"), entry("Eclipse Public License - v 1.0", "EPL-1.0"),
            entry("Eclipse Public License v1.0", "EPL-1.0"), entry("Eclipse Public License 2.0", "EPL-2.0"),
            entry("Eclipse Public License v2.0", "EPL-2.0"), entry("Eclipse Public License - v 2.0", "EPL-2.0"),
            entry("EPL 2.0", "EPL-2.0"), entry("EPL 1.0", "EPL-1.0"),
            entry("CC0", "CC0-1.0"), entry("CC0 1.0 Universal", "CC0-1.0"), entry("ISC License", "ISC"),
            entry("ISC License (ISCL)", "ISC"), entry("Python Software Foundation License", "PSF-2.0"),
            entry("zlib License", "Zlib"), entry("zlib/libpng", "Zlib"), entry("Boost Software License 1.0", "BSL-1.0"),
            entry("Boost Software License", "BSL-1.0"), entry("Artistic License 2.0", "Artistic-2.0"),
            entry("The Unlicense", "Unlicense"), entry("Unlicense (Unlicense)", "Unlicense"),
            entry("Universal Permissive License (UPL)", "UPL-1.0"), entry("CDDL 1.1", "CDDL-1.1"),
            entry("Common Development and Distribution License 1.0", "CDDL-1.0"),
            entry("https://www.apache.org/licenses/LICENSE-2.0", "Apache-2.0"),
            entry("https://opensource.org/licenses/MIT", "MIT"), entry("https://opensource.org/license/mit", "MIT"),
            entry("https://opensource.org/licenses/BSD-3-Clause", "BSD-3-Clause"),
            entry("https://opensource.org/licenses/BSD-2-Clause", "BSD-2-Clause"),
            entry("https://www.eclipse.org/legal/epl-v10", "EPL-1.0"), entry("https://www.eclipse.org/legal/epl-2.0", "EPL-2.0"),
            entry("https://www.eclipse.org/legal/epl-v20", "EPL-2.0"), entry("https://www.mozilla.org/MPL/2.0", "MPL-2.0"),
            entry("https://www.gnu.org/licenses/lgpl-2.1", "LGPL-2.1-only"), entry("https://www.gnu.org/licenses/lgpl", "LGPL-3.0-only"),
            entry("https://www.gnu.org/licenses/gpl-3.0", "GPL-3.0-only"), entry("https://www.gnu.org/licenses/gpl-2.0", "GPL-2.0-only"),
            entry("https://www.gnu.org/licenses/old-licenses/gpl-2.0", "GPL-2.0-only"),
            entry("https://www.gnu.org/licenses/old-licenses/lgpl-2.1", "LGPL-2.1-only"),
            entry("https://creativecommons.org/publicdomain/zero/1.0", "CC0-1.0"),
            entry("https://www.opensource.org/licenses/mit-license", "MIT"), entry("https://opensource.org/licenses/mit-license", "MIT"),
            entry("https://www.opensource.org/licenses/bsd-license", "BSD-3-Clause"));

    private static final List<String> EXCEPTIONS = List.of("Classpath-exception-2.0", "LLVM-exception",
            "GCC-exception-3.1", "OpenJDK-assembly-exception-1.0", "Autoconf-exception-3.0");

    static String exception(String token) {
        for (String e : EXCEPTIONS) {
            if (e.toLowerCase(Locale.ROOT).equals(token.toLowerCase(Locale.ROOT))) {
                return e;
            }
        }
        return null;
    }
}
