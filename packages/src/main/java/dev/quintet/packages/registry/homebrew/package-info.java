/** The Homebrew formulae API adapter: the current stable version of a formula and its dependencies. */
package dev.quintet.packages.registry.homebrew;
