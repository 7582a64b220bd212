/** GitHub Actions: actions as GitHub repositories, their tags and {@code action.yml} manifests. */
package dev.quintet.packages.registry.actions;
