package dev.quintet.packages.testing;

/**
 * A hand-written PyPI project document ({@code GET /pypi/{name}/json}, reduced to the fields the adapter reads) with
 * one release; names, versions and requirements in it are invented.
 */
public final class PypiDocument {

    private PypiDocument() {
    }

    /** {@code requiresDist} are PEP 508 strings, e.g. {@code Zope.Interface>=5}. */
    public static String of(String name, String version, String summary, String license, String date,
                            String... requiresDist) {
        StringBuilder requires = new StringBuilder();
        for (String r : requiresDist) {
            requires.append(requires.isEmpty() ? "" : ", ").append('"').append(r).append('"');
        }
        return """
                {"info": {"name": "%s", "version": "%s", "summary": "%s", "license": "%s", "requires_dist": [%s]},
                 "releases": {"%s": [{"upload_time_iso_8601": "%sT00:00:00Z"}]}}
                """.formatted(name, version, summary, license, requires, version, date);
    }
}
