package dev.quintet.packages.web;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/** The project fields, the version the dependencies belong to, and the dependencies. */
record DependenciesView(@JsonUnwrapped ProjectView project, String dependenciesForVersion,
                        List<DependencyView> dependencies) {
}
