/** The Puppet Forge adapter: modules with releases, the current release's metadata and per-release dependencies. */
package dev.quintet.packages.registry.puppet;
