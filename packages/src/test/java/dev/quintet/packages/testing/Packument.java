package dev.quintet.packages.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A hand-written npm packument (the registry's {@code GET /{name}} document, reduced to the fields the adapter reads),
 * for tests that need several related packages: names, versions and dependencies in it are invented.
 */
public final class Packument {

    private final String name;
    private String description = "";
    private String keywords = "";
    private String license = "MIT";
    private final List<String> versions = new ArrayList<>();
    private final List<String> times = new ArrayList<>();
    private String latest;

    private Packument(String name) {
        this.name = name;
    }

    public static Packument named(String name) {
        return new Packument(name);
    }

    public Packument description(String text) {
        this.description = text;
        return this;
    }

    public Packument keywords(String... words) {
        this.keywords = List.of(words).stream().map(w -> "\"" + w + "\"").collect(Collectors.joining(","));
        return this;
    }

    public Packument license(String spdx) {
        this.license = spdx;
        return this;
    }

    /**
     * Adds a version published on {@code date} (yyyy-mm-dd); {@code dependencyFields} are the version's dependency
     * objects as JSON members, e.g. {@code "dependencies": {"is-number": "^7.0.0"}}, or empty.
     */
    public Packument version(String number, String date, String dependencyFields) {
        versions.add("\"" + number + "\": {\"name\": \"" + name + "\", \"version\": \"" + number + "\""
                + (dependencyFields.isBlank() ? "" : ", " + dependencyFields) + "}");
        times.add("\"" + number + "\": \"" + date + "T00:00:00.000Z\"");
        if (!number.contains("-")) {
            latest = number;
        }
        return this;
    }

    public String json() {
        return """
                {"name": "%s", "description": "%s", "keywords": [%s], "license": "%s",
                 "dist-tags": {"latest": "%s"}, "time": {%s}, "versions": {%s}}
                """.formatted(name, description, keywords, license, latest, String.join(", ", times),
                String.join(", ", versions));
    }

    /** Serves the packument where the npm adapter asks for it ({@code /@scope%2Fname} for scoped names). */
    public void servedBy(FakeUpstream fake) {
        fake.serveBody("/" + name.replace("/", "%2F"), json(), "application/json");
    }
}
