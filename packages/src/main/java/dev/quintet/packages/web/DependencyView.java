package dev.quintet.packages.web;

import dev.quintet.packages.fetch.DependencyReport;
import dev.quintet.packages.store.VirtualPackages;
import java.util.List;

/**
 * One dependency in Libraries.io's shape. For a name other packages provide (Debian's virtual packages),
 * {@code providers} names them and {@code virtual} is true when no package has the name itself; both are omitted
 * otherwise.
 */
record DependencyView(String projectName, String name, String platform, String requirements, String latestStable,
                      String latest, Boolean deprecated, Boolean outdated, String kind, boolean optional,
                      String declared, Boolean virtual, List<String> providers) {

    static DependencyView of(String projectName, String platform, DependencyReport r,
                             VirtualPackages.Provided provided) {
        return new DependencyView(projectName, r.dependency().name(), platform, r.dependency().requirements(),
                r.latestStable(), r.latest(), r.deprecated(), r.outdated(), r.dependency().kind(),
                r.dependency().optional(), r.dependency().declared(),
                provided != null && provided.virtual() ? Boolean.TRUE : null,
                provided == null ? null : provided.providers());
    }
}
