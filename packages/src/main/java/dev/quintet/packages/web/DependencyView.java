package dev.quintet.packages.web;

import dev.quintet.packages.fetch.DependencyReport;

/** One dependency in Libraries.io's shape. */
record DependencyView(String projectName, String name, String platform, String requirements, String latestStable,
                      String latest, Boolean deprecated, Boolean outdated, String kind, boolean optional,
                      String declared) {

    static DependencyView of(String projectName, String platform, DependencyReport r) {
        return new DependencyView(projectName, r.dependency().name(), platform, r.dependency().requirements(),
                r.latestStable(), r.latest(), r.deprecated(), r.outdated(), r.dependency().kind(),
                r.dependency().optional(), r.dependency().declared());
    }
}
